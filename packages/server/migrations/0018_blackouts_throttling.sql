ALTER TABLE "customers" ADD COLUMN "blackouts" jsonb;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "blackout_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "max_concurrent_tasks" integer;--> statement-breakpoint
ALTER TABLE "scan_tasks" ADD COLUMN "paused_by_blackout" boolean DEFAULT false NOT NULL;