CREATE TABLE "job_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"current" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "probe_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "probes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"group_id" integer,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"secret_hash" text,
	"registered_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"hostname" text,
	"version" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"task_id" integer,
	"type" smallint NOT NULL,
	"message" text NOT NULL,
	"host" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"type" text DEFAULT 'nvt' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"fields" jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"scan_id" integer NOT NULL,
	"name" text NOT NULL,
	"user_id" integer,
	"profile_id" integer,
	"targets" jsonb NOT NULL,
	"exclude" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"profile" jsonb NOT NULL,
	"scanned_items" integer DEFAULT 0 NOT NULL,
	"probe_id" integer,
	"probe_group_id" integer,
	"is_external" boolean DEFAULT true NOT NULL,
	"scheduled" boolean DEFAULT false NOT NULL,
	"state" smallint DEFAULT -3 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"result" smallint,
	"progress" real DEFAULT 0 NOT NULL,
	"hosts_total" integer DEFAULT 0 NOT NULL,
	"hosts_up" integer DEFAULT 0 NOT NULL,
	"open_ports" integer DEFAULT 0 NOT NULL,
	"cnt_vulns" integer DEFAULT 0 NOT NULL,
	"severity_counts" jsonb DEFAULT '[0,0,0,0,0]'::jsonb NOT NULL,
	"processing_job_id" uuid,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scan_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"parent_id" integer,
	"state" smallint DEFAULT -3 NOT NULL,
	"targets" jsonb NOT NULL,
	"probe_id" integer,
	"probe_group_id" integer,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"hosts_total" integer DEFAULT 0 NOT NULL,
	"hosts_done" integer DEFAULT 0 NOT NULL,
	"checkpoint" jsonb,
	"result" jsonb,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"user_id" integer,
	"profile_id" integer,
	"target_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"targets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exclude" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"probe_id" integer,
	"probe_group_id" integer,
	"scheduled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "findings" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"key" text NOT NULL,
	"source" text DEFAULT 'network' NOT NULL,
	"check_id" text,
	"cve" text,
	"cves" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"port" integer,
	"protocol" smallint,
	"name" text NOT NULL,
	"severity" smallint NOT NULL,
	"confidence" text NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"cvss" real,
	"cvss_vector" text,
	"epss" real,
	"epss_percentile" real,
	"exploit_known" boolean DEFAULT false NOT NULL,
	"ransomware_known" boolean DEFAULT false NOT NULL,
	"risk_score" real DEFAULT 0 NOT NULL,
	"evidence" text,
	"description" text,
	"solution" text,
	"matched_by" text,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"last_run_id" integer
);
--> statement-breakpoint
CREATE TABLE "host_ports" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"port" integer NOT NULL,
	"protocol" smallint NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"service" text,
	"product" text,
	"version" text,
	"cpe" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"banner" text,
	"tls" boolean DEFAULT false NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"last_run_id" integer
);
--> statement-breakpoint
CREATE TABLE "hosts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"address" text NOT NULL,
	"hostnames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"os" text,
	"open_ports" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"last_run_id" integer
);
--> statement-breakpoint
CREATE TABLE "scan_run_findings" (
	"run_id" integer NOT NULL,
	"finding_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"state" smallint NOT NULL,
	"severity" smallint NOT NULL,
	"risk_score" real DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_run_hosts" (
	"run_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"address" text NOT NULL,
	"hostnames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"findings_count" integer DEFAULT 0 NOT NULL,
	"max_severity" smallint
);
--> statement-breakpoint
ALTER TABLE "job_progress" ADD CONSTRAINT "job_progress_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probe_groups" ADD CONSTRAINT "probe_groups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probes" ADD CONSTRAINT "probes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "probes" ADD CONSTRAINT "probes_group_id_probe_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."probe_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_errors" ADD CONSTRAINT "scan_errors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_errors" ADD CONSTRAINT "scan_errors_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_errors" ADD CONSTRAINT "scan_errors_task_id_scan_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."scan_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_profiles" ADD CONSTRAINT "scan_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_profiles" ADD CONSTRAINT "scan_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_runs" ADD CONSTRAINT "scan_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_runs" ADD CONSTRAINT "scan_runs_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_runs" ADD CONSTRAINT "scan_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_runs" ADD CONSTRAINT "scan_runs_profile_id_scan_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."scan_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_runs" ADD CONSTRAINT "scan_runs_probe_id_probes_id_fk" FOREIGN KEY ("probe_id") REFERENCES "public"."probes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_runs" ADD CONSTRAINT "scan_runs_probe_group_id_probe_groups_id_fk" FOREIGN KEY ("probe_group_id") REFERENCES "public"."probe_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_targets" ADD CONSTRAINT "scan_targets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_targets" ADD CONSTRAINT "scan_targets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_tasks" ADD CONSTRAINT "scan_tasks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_tasks" ADD CONSTRAINT "scan_tasks_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_tasks" ADD CONSTRAINT "scan_tasks_probe_id_probes_id_fk" FOREIGN KEY ("probe_id") REFERENCES "public"."probes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_tasks" ADD CONSTRAINT "scan_tasks_probe_group_id_probe_groups_id_fk" FOREIGN KEY ("probe_group_id") REFERENCES "public"."probe_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_profile_id_scan_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."scan_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_probe_id_probes_id_fk" FOREIGN KEY ("probe_id") REFERENCES "public"."probes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_probe_group_id_probe_groups_id_fk" FOREIGN KEY ("probe_group_id") REFERENCES "public"."probe_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_last_run_id_scan_runs_id_fk" FOREIGN KEY ("last_run_id") REFERENCES "public"."scan_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_ports" ADD CONSTRAINT "host_ports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_ports" ADD CONSTRAINT "host_ports_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_ports" ADD CONSTRAINT "host_ports_last_run_id_scan_runs_id_fk" FOREIGN KEY ("last_run_id") REFERENCES "public"."scan_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosts" ADD CONSTRAINT "hosts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosts" ADD CONSTRAINT "hosts_last_run_id_scan_runs_id_fk" FOREIGN KEY ("last_run_id") REFERENCES "public"."scan_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_run_findings" ADD CONSTRAINT "scan_run_findings_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_run_findings" ADD CONSTRAINT "scan_run_findings_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_run_findings" ADD CONSTRAINT "scan_run_findings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_run_hosts" ADD CONSTRAINT "scan_run_hosts_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_run_hosts" ADD CONSTRAINT "scan_run_hosts_host_id_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_run_hosts" ADD CONSTRAINT "scan_run_hosts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_progress_customer_idx" ON "job_progress" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "probe_groups_name_idx" ON "probe_groups" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "probes_name_idx" ON "probes" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "probes_group_idx" ON "probes" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "scan_errors_run_idx" ON "scan_errors" USING btree ("run_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_profiles_name_idx" ON "scan_profiles" USING btree (coalesce("customer_id", 0),"type",lower("name"));--> statement-breakpoint
CREATE INDEX "scan_runs_customer_created_idx" ON "scan_runs" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "scan_runs_scan_idx" ON "scan_runs" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "scan_runs_state_idx" ON "scan_runs" USING btree ("customer_id","state");--> statement-breakpoint
CREATE INDEX "scan_runs_started_idx" ON "scan_runs" USING btree ("customer_id","started_at");--> statement-breakpoint
CREATE INDEX "scan_runs_finished_idx" ON "scan_runs" USING btree ("customer_id","finished_at");--> statement-breakpoint
CREATE INDEX "scan_runs_probe_idx" ON "scan_runs" USING btree ("customer_id","probe_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_targets_value_idx" ON "scan_targets" USING btree ("customer_id","kind","value");--> statement-breakpoint
CREATE INDEX "scan_targets_created_idx" ON "scan_targets" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "scan_tasks_run_idx" ON "scan_tasks" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "scan_tasks_claim_idx" ON "scan_tasks" USING btree ("state","probe_id","probe_group_id");--> statement-breakpoint
CREATE INDEX "scan_tasks_claimed_by_idx" ON "scan_tasks" USING btree ("claimed_by");--> statement-breakpoint
CREATE INDEX "scans_customer_idx" ON "scans" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "findings_key_idx" ON "findings" USING btree ("host_id","key");--> statement-breakpoint
CREATE INDEX "findings_customer_state_idx" ON "findings" USING btree ("customer_id","state","severity");--> statement-breakpoint
CREATE INDEX "findings_cve_idx" ON "findings" USING btree ("customer_id","cve");--> statement-breakpoint
CREATE INDEX "findings_risk_idx" ON "findings" USING btree ("customer_id","risk_score");--> statement-breakpoint
CREATE UNIQUE INDEX "host_ports_key_idx" ON "host_ports" USING btree ("host_id","port","protocol");--> statement-breakpoint
CREATE INDEX "host_ports_customer_idx" ON "host_ports" USING btree ("customer_id","port");--> statement-breakpoint
CREATE UNIQUE INDEX "hosts_address_idx" ON "hosts" USING btree ("customer_id","address");--> statement-breakpoint
CREATE INDEX "hosts_last_seen_idx" ON "hosts" USING btree ("customer_id","last_seen");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_run_findings_key_idx" ON "scan_run_findings" USING btree ("run_id","finding_id");--> statement-breakpoint
CREATE INDEX "scan_run_findings_sort_idx" ON "scan_run_findings" USING btree ("run_id","severity");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_run_hosts_key_idx" ON "scan_run_hosts" USING btree ("run_id","host_id");