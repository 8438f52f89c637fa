CREATE TABLE "domain_discovery_hosts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"name" text NOT NULL,
	"domain" text NOT NULL,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sources" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_discovery_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"job_id" uuid,
	"domains" jsonb NOT NULL,
	"sources" jsonb NOT NULL,
	"wordlist" text NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"hosts_found" integer DEFAULT 0 NOT NULL,
	"started_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "domain_discovery_hosts" ADD CONSTRAINT "domain_discovery_hosts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_discovery_hosts" ADD CONSTRAINT "domain_discovery_hosts_run_id_domain_discovery_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."domain_discovery_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_discovery_runs" ADD CONSTRAINT "domain_discovery_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_discovery_runs" ADD CONSTRAINT "domain_discovery_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domain_discovery_hosts_run_name_idx" ON "domain_discovery_hosts" USING btree ("run_id","name");--> statement-breakpoint
CREATE INDEX "domain_discovery_runs_customer_idx" ON "domain_discovery_runs" USING btree ("customer_id","created_at");