CREATE TABLE "mail_server_monitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"domain" text,
	"dkim_selectors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"check_relay" boolean DEFAULT true NOT NULL,
	"interval" integer DEFAULT 1440 NOT NULL,
	"email_recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sms_recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_run" timestamp with time zone,
	"next_run" timestamp with time zone,
	"last_status" text,
	"passed" integer,
	"warnings" integer,
	"failed" integer,
	"failing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_server_scan_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"mail_server_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"trigger" text DEFAULT 'schedule' NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"warnings" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"newly_failing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"subject" text NOT NULL,
	"title" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"severity" smallint NOT NULL,
	"source" text NOT NULL,
	"run_id" integer,
	"finding_id" integer,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"resolved_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitoring_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"owner_id" integer,
	"ports" text DEFAULT '' NOT NULL,
	"asset_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"minus_tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"triggers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_severity" smallint DEFAULT 3 NOT NULL,
	"cert_days" integer DEFAULT 30 NOT NULL,
	"check_interval" integer DEFAULT 60 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"notify_owner" boolean DEFAULT true NOT NULL,
	"notif_cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notif_sms_recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slack" boolean DEFAULT false NOT NULL,
	"teams" boolean DEFAULT false NOT NULL,
	"webhooks" boolean DEFAULT false NOT NULL,
	"last_check_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"subject" text NOT NULL,
	"value" jsonb,
	"pending" jsonb,
	"pending_count" smallint DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_monitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"asset_id" integer,
	"interval" integer DEFAULT 15 NOT NULL,
	"expected_status" smallint,
	"timeout" smallint DEFAULT 15 NOT NULL,
	"slow_ms" integer DEFAULT 3000 NOT NULL,
	"keywords_required" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keywords_forbidden" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watch_content" boolean DEFAULT true NOT NULL,
	"cert_days" integer DEFAULT 30 NOT NULL,
	"email_recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sms_recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_run" timestamp with time zone,
	"next_run" timestamp with time zone,
	"last_status" text,
	"last_status_code" smallint,
	"last_response_ms" integer,
	"cert_days_left" integer,
	"content_hash" text,
	"failing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_scan_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"trigger" text DEFAULT 'schedule' NOT NULL,
	"response_ms" integer,
	"status_code" smallint,
	"cert_days_left" integer,
	"content_changed" boolean,
	"newly_failing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_server_monitors" ADD CONSTRAINT "mail_server_monitors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_server_monitors" ADD CONSTRAINT "mail_server_monitors_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_server_monitors" ADD CONSTRAINT "mail_server_monitors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_server_scan_logs" ADD CONSTRAINT "mail_server_scan_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_server_scan_logs" ADD CONSTRAINT "mail_server_scan_logs_mail_server_id_mail_server_monitors_id_fk" FOREIGN KEY ("mail_server_id") REFERENCES "public"."mail_server_monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD CONSTRAINT "monitoring_alerts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD CONSTRAINT "monitoring_alerts_profile_id_monitoring_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."monitoring_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD CONSTRAINT "monitoring_alerts_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD CONSTRAINT "monitoring_alerts_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD CONSTRAINT "monitoring_alerts_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_profiles" ADD CONSTRAINT "monitoring_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_profiles" ADD CONSTRAINT "monitoring_profiles_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_states" ADD CONSTRAINT "monitoring_states_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_states" ADD CONSTRAINT "monitoring_states_profile_id_monitoring_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."monitoring_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_states" ADD CONSTRAINT "monitoring_states_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_monitors" ADD CONSTRAINT "website_monitors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_monitors" ADD CONSTRAINT "website_monitors_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_monitors" ADD CONSTRAINT "website_monitors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_scan_logs" ADD CONSTRAINT "website_scan_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_scan_logs" ADD CONSTRAINT "website_scan_logs_website_id_website_monitors_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."website_monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_server_monitors_customer_idx" ON "mail_server_monitors" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "mail_server_monitors_due_idx" ON "mail_server_monitors" USING btree ("next_run");--> statement-breakpoint
CREATE INDEX "mail_server_scan_logs_server_idx" ON "mail_server_scan_logs" USING btree ("mail_server_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_alerts_open_idx" ON "monitoring_alerts" USING btree ("profile_id","asset_id","trigger","subject") WHERE "monitoring_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "monitoring_alerts_customer_idx" ON "monitoring_alerts" USING btree ("customer_id","last_seen");--> statement-breakpoint
CREATE INDEX "monitoring_alerts_profile_idx" ON "monitoring_alerts" USING btree ("profile_id","trigger","last_seen");--> statement-breakpoint
CREATE INDEX "monitoring_alerts_asset_idx" ON "monitoring_alerts" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "monitoring_profiles_customer_idx" ON "monitoring_profiles" USING btree ("customer_id","name");--> statement-breakpoint
CREATE INDEX "monitoring_profiles_due_idx" ON "monitoring_profiles" USING btree ("next_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_states_key_idx" ON "monitoring_states" USING btree ("profile_id","asset_id","subject");--> statement-breakpoint
CREATE INDEX "monitoring_states_asset_idx" ON "monitoring_states" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "website_monitors_customer_idx" ON "website_monitors" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "website_monitors_due_idx" ON "website_monitors" USING btree ("next_run");--> statement-breakpoint
CREATE INDEX "website_scan_logs_website_idx" ON "website_scan_logs" USING btree ("website_id","started_at");