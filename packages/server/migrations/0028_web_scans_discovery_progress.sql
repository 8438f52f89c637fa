ALTER TABLE "scan_runs" ADD COLUMN "is_was_discovery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_runs" ADD COLUMN "vhosts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_tasks" ADD COLUMN "web_progress" jsonb;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "is_was_discovery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "vhosts" jsonb DEFAULT '[]'::jsonb NOT NULL;