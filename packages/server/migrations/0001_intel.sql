CREATE TABLE "feed_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"sources" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"counts" jsonb DEFAULT '{"read":0,"added":0,"updated":0,"unchanged":0,"skipped":0}'::jsonb NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"bytes_total" bigint DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"formats" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "intel_cve_products" (
	"cve_id" text NOT NULL,
	"vendor" text NOT NULL,
	"product" text NOT NULL,
	CONSTRAINT "intel_cve_products_cve_id_vendor_product_pk" PRIMARY KEY("cve_id","vendor","product")
);
--> statement-breakpoint
CREATE TABLE "intel_cves" (
	"id" text PRIMARY KEY NOT NULL,
	"published" timestamp with time zone,
	"last_modified" timestamp with time zone,
	"severity" smallint,
	"cvss_version" text,
	"cvss_score" real,
	"record" jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intel_epss" (
	"cve_id" text PRIMARY KEY NOT NULL,
	"score" real NOT NULL,
	"percentile" real,
	"score_date" date,
	"model_version" text
);
--> statement-breakpoint
CREATE TABLE "intel_kev" (
	"cve_id" text PRIMARY KEY NOT NULL,
	"date_added" date NOT NULL,
	"due_date" date,
	"ransomware" boolean NOT NULL,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intel_osv" (
	"id" text PRIMARY KEY NOT NULL,
	"modified" timestamp with time zone,
	"withdrawn" timestamp with time zone,
	"record" jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intel_osv_packages" (
	"osv_id" text NOT NULL,
	"ecosystem" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "intel_osv_packages_osv_id_ecosystem_name_pk" PRIMARY KEY("osv_id","ecosystem","name")
);
--> statement-breakpoint
ALTER TABLE "feed_imports" ADD CONSTRAINT "feed_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intel_cve_products" ADD CONSTRAINT "intel_cve_products_cve_id_intel_cves_id_fk" FOREIGN KEY ("cve_id") REFERENCES "public"."intel_cves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intel_osv_packages" ADD CONSTRAINT "intel_osv_packages_osv_id_intel_osv_id_fk" FOREIGN KEY ("osv_id") REFERENCES "public"."intel_osv"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_imports_created_idx" ON "feed_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "intel_cve_products_product_idx" ON "intel_cve_products" USING btree ("product","vendor");--> statement-breakpoint
CREATE INDEX "intel_cve_products_vendor_idx" ON "intel_cve_products" USING btree ("vendor");--> statement-breakpoint
CREATE INDEX "intel_cves_severity_idx" ON "intel_cves" USING btree ("severity");--> statement-breakpoint
CREATE INDEX "intel_cves_last_modified_idx" ON "intel_cves" USING btree ("last_modified");--> statement-breakpoint
CREATE INDEX "intel_osv_packages_name_idx" ON "intel_osv_packages" USING btree ("ecosystem","name");