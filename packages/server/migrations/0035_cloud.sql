CREATE TABLE "cloud_control_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"control_id" text NOT NULL,
	"asset_id" integer,
	"resource_uid" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"evidence" text DEFAULT '' NOT NULL,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "cloud_resources" (
	"asset_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"provider" smallint NOT NULL,
	"account" text NOT NULL,
	"region" text,
	"service" text NOT NULL,
	"resource_type" text NOT NULL,
	"name" text NOT NULL,
	"public_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"gone_since" timestamp with time zone,
	"last_run_id" integer
);
--> statement-breakpoint
ALTER TABLE "scan_runs" ADD COLUMN "cloud" jsonb;--> statement-breakpoint
ALTER TABLE "scan_tasks" ADD COLUMN "cloud_progress" jsonb;--> statement-breakpoint
ALTER TABLE "cloud_control_results" ADD CONSTRAINT "cloud_control_results_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_control_results" ADD CONSTRAINT "cloud_control_results_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_control_results" ADD CONSTRAINT "cloud_control_results_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_resources" ADD CONSTRAINT "cloud_resources_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_resources" ADD CONSTRAINT "cloud_resources_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_resources" ADD CONSTRAINT "cloud_resources_last_run_id_scan_runs_id_fk" FOREIGN KEY ("last_run_id") REFERENCES "public"."scan_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_control_results_run_idx" ON "cloud_control_results" USING btree ("run_id","control_id","status");--> statement-breakpoint
CREATE INDEX "cloud_control_results_asset_idx" ON "cloud_control_results" USING btree ("customer_id","asset_id");--> statement-breakpoint
CREATE INDEX "cloud_control_results_control_idx" ON "cloud_control_results" USING btree ("customer_id","control_id");--> statement-breakpoint
CREATE INDEX "cloud_resources_type_idx" ON "cloud_resources" USING btree ("customer_id","provider","resource_type");--> statement-breakpoint
CREATE INDEX "cloud_resources_account_idx" ON "cloud_resources" USING btree ("customer_id","account","region");--> statement-breakpoint
CREATE INDEX "cloud_resources_gone_idx" ON "cloud_resources" USING btree ("customer_id","gone_since");--> statement-breakpoint
CREATE INDEX "cloud_resources_name_idx" ON "cloud_resources" USING btree ("customer_id",lower("name"));