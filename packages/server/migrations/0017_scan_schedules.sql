CREATE TABLE "scan_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"scan_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"time" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"end_date" date,
	"repeat" text DEFAULT 'never' NOT NULL,
	"interval" integer DEFAULT 1 NOT NULL,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"monthly_mode" text DEFAULT 'day_of_month' NOT NULL,
	"max_run_cnt" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"source" smallint DEFAULT 1 NOT NULL,
	"owner_id" integer,
	"shared_access_teams" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notification_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reminder_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_was_discovery" boolean DEFAULT false NOT NULL,
	"run_count" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_run_id" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scan_schedules" ADD CONSTRAINT "scan_schedules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_schedules" ADD CONSTRAINT "scan_schedules_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_schedules" ADD CONSTRAINT "scan_schedules_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_schedules" ADD CONSTRAINT "scan_schedules_last_run_id_scan_runs_id_fk" FOREIGN KEY ("last_run_id") REFERENCES "public"."scan_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scan_schedules_scan_idx" ON "scan_schedules" USING btree ("scan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_schedules_name_idx" ON "scan_schedules" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "scan_schedules_due_idx" ON "scan_schedules" USING btree ("next_run_at") WHERE "scan_schedules"."is_active";