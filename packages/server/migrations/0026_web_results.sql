CREATE TABLE "web_findings" (
	"finding_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"run_id" integer,
	"test" text NOT NULL,
	"url" text NOT NULL,
	"method" text NOT NULL,
	"parameter" text,
	"location" text,
	"payload" text,
	CONSTRAINT "web_findings_finding_id_pk" PRIMARY KEY("finding_id")
);
--> statement-breakpoint
CREATE TABLE "web_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"page" text NOT NULL,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"enctype" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"csrf_token" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_run_results" (
	"run_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"target" text NOT NULL,
	"complete" boolean NOT NULL,
	"technologies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vhosts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stats" jsonb NOT NULL,
	"urls" integer DEFAULT 0 NOT NULL,
	"forms" integer DEFAULT 0 NOT NULL,
	"findings" integer DEFAULT 0 NOT NULL,
	"processed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_sitemap_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"url" text NOT NULL,
	"method" text NOT NULL,
	"status" smallint NOT NULL,
	"content_type" text DEFAULT '' NOT NULL,
	"depth" smallint DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"referrer" text,
	"title" text,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "owasp" text;--> statement-breakpoint
ALTER TABLE "web_findings" ADD CONSTRAINT "web_findings_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_findings" ADD CONSTRAINT "web_findings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_findings" ADD CONSTRAINT "web_findings_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_forms" ADD CONSTRAINT "web_forms_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_forms" ADD CONSTRAINT "web_forms_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_forms" ADD CONSTRAINT "web_forms_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_run_results" ADD CONSTRAINT "web_run_results_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_run_results" ADD CONSTRAINT "web_run_results_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_run_results" ADD CONSTRAINT "web_run_results_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_sitemap_entries" ADD CONSTRAINT "web_sitemap_entries_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_sitemap_entries" ADD CONSTRAINT "web_sitemap_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_sitemap_entries" ADD CONSTRAINT "web_sitemap_entries_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_findings_run_idx" ON "web_findings" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "web_forms_run_idx" ON "web_forms" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "web_run_results_asset_idx" ON "web_run_results" USING btree ("customer_id","asset_id","run_id");--> statement-breakpoint
CREATE INDEX "web_sitemap_run_idx" ON "web_sitemap_entries" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "web_sitemap_source_idx" ON "web_sitemap_entries" USING btree ("run_id","source","status");--> statement-breakpoint
CREATE INDEX "findings_source_idx" ON "findings" USING btree ("customer_id","source","state");