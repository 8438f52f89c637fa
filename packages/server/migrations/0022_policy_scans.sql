CREATE TABLE "policy_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"rules" jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_host_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"address" text NOT NULL,
	"policy" text NOT NULL,
	"policy_name" text NOT NULL,
	"benchmark" text DEFAULT '' NOT NULL,
	"score" real,
	"counts" jsonb NOT NULL,
	"credential_health" text,
	"credential_message" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_rule_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"host_result_id" integer NOT NULL,
	"rule_id" text NOT NULL,
	"title" text NOT NULL,
	"severity" text NOT NULL,
	"result" text NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text
);
--> statement-breakpoint
DROP INDEX "scan_runs_customer_created_idx";--> statement-breakpoint
DROP INDEX "scans_customer_idx";--> statement-breakpoint
ALTER TABLE "scan_profiles" ADD COLUMN "policy" text;--> statement-breakpoint
ALTER TABLE "scan_profiles" ADD COLUMN "ignore_platform" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_runs" ADD COLUMN "scan_type" text DEFAULT 'nvt' NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_runs" ADD COLUMN "policy" jsonb;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "scan_type" text DEFAULT 'nvt' NOT NULL;--> statement-breakpoint
ALTER TABLE "policy_documents" ADD CONSTRAINT "policy_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_documents" ADD CONSTRAINT "policy_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_host_results" ADD CONSTRAINT "policy_host_results_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_host_results" ADD CONSTRAINT "policy_host_results_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_host_results" ADD CONSTRAINT "policy_host_results_host_id_assets_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_rule_results" ADD CONSTRAINT "policy_rule_results_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_rule_results" ADD CONSTRAINT "policy_rule_results_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_rule_results" ADD CONSTRAINT "policy_rule_results_host_result_id_policy_host_results_id_fk" FOREIGN KEY ("host_result_id") REFERENCES "public"."policy_host_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_documents_customer_idx" ON "policy_documents" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "policy_host_results_run_idx" ON "policy_host_results" USING btree ("run_id","address");--> statement-breakpoint
CREATE INDEX "policy_host_results_host_idx" ON "policy_host_results" USING btree ("customer_id","host_id");--> statement-breakpoint
CREATE INDEX "policy_rule_results_run_idx" ON "policy_rule_results" USING btree ("run_id","result");--> statement-breakpoint
CREATE INDEX "policy_rule_results_host_idx" ON "policy_rule_results" USING btree ("host_result_id","result");--> statement-breakpoint
CREATE INDEX "scan_runs_customer_created_idx" ON "scan_runs" USING btree ("customer_id","scan_type","created_at");--> statement-breakpoint
CREATE INDEX "scans_customer_idx" ON "scans" USING btree ("customer_id","scan_type","created_at");