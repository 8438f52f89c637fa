CREATE TABLE "host_auth_states" (
	"host_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"health" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"credential_id" integer,
	"run_id" integer,
	"checked_at" timestamp with time zone NOT NULL,
	"os_id" text,
	"os_version" text,
	"os_codename" text,
	"os_name" text,
	"kernel_running" text,
	"kernel_latest" text,
	"package_count" integer,
	"host_key_pinned" text,
	"host_key_seen" text,
	"host_key_changed_at" timestamp with time zone,
	"listening" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "host_packages" (
	"customer_id" integer NOT NULL,
	"host_id" integer NOT NULL,
	"manager" text NOT NULL,
	"name" text NOT NULL,
	"arch" text DEFAULT '' NOT NULL,
	"version" text NOT NULL,
	"source" text NOT NULL,
	"source_version" text NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"last_run_id" integer,
	CONSTRAINT "host_packages_host_id_name_arch_pk" PRIMARY KEY("host_id","name","arch")
);
--> statement-breakpoint
CREATE TABLE "scan_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"method" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "package" text;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "installed_version" text;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "fixed_version" text;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "advisory" text;--> statement-breakpoint
ALTER TABLE "scan_run_hosts" ADD COLUMN "credential_health" text;--> statement-breakpoint
ALTER TABLE "scan_run_hosts" ADD COLUMN "credential_message" text;--> statement-breakpoint
ALTER TABLE "host_auth_states" ADD CONSTRAINT "host_auth_states_host_id_assets_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_auth_states" ADD CONSTRAINT "host_auth_states_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_auth_states" ADD CONSTRAINT "host_auth_states_credential_id_scan_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."scan_credentials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_auth_states" ADD CONSTRAINT "host_auth_states_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_packages" ADD CONSTRAINT "host_packages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_packages" ADD CONSTRAINT "host_packages_host_id_assets_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_packages" ADD CONSTRAINT "host_packages_last_run_id_scan_runs_id_fk" FOREIGN KEY ("last_run_id") REFERENCES "public"."scan_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_credentials" ADD CONSTRAINT "scan_credentials_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_credentials" ADD CONSTRAINT "scan_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "host_packages_customer_idx" ON "host_packages" USING btree ("customer_id","name","version");--> statement-breakpoint
CREATE INDEX "host_packages_source_idx" ON "host_packages" USING btree ("customer_id","source");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_credentials_name_idx" ON "scan_credentials" USING btree ("customer_id","kind",lower("name"));