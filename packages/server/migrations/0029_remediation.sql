CREATE TABLE "exclusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"first" text,
	"last" text,
	"port" integer,
	"test_id" text,
	"issue_id" integer,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remediation_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_evaluated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"source" text,
	"external_id" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"comment" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"tracker" text NOT NULL,
	"external_id" text,
	"external_key" text,
	"external_url" text,
	"sync_state" text DEFAULT 'syncing' NOT NULL,
	"last_error" text,
	"pushed_version" integer DEFAULT 0 NOT NULL,
	"remote_updated_at" timestamp with time zone,
	"remote_change_id" text,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_subtasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"finding_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket_watchers" (
	"ticket_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "ticket_watchers_ticket_id_user_id_pk" PRIMARY KEY("ticket_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"number" integer NOT NULL,
	"type" smallint NOT NULL,
	"legacy_type" smallint,
	"grouping" text DEFAULT 'individual' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"priority" smallint DEFAULT 2 NOT NULL,
	"issue_id" integer,
	"asset_id" integer,
	"assignee_user_id" integer,
	"assignee_team_id" integer,
	"due_date" date,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rule_id" integer,
	"retest_run_id" integer,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"asset_risk_score" real DEFAULT 0 NOT NULL,
	"issue_threat_score" real DEFAULT 0 NOT NULL,
	"open_findings" integer DEFAULT 0 NOT NULL,
	"overdue_notified_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tracker_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"ticket_id" integer,
	"tracker" text NOT NULL,
	"operation" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"http_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tracker_syncs" (
	"customer_id" integer NOT NULL,
	"tracker" text NOT NULL,
	"state" text DEFAULT 'inactive' NOT NULL,
	"last_error" text,
	"last_polled_at" timestamp with time zone,
	"cursor" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_syncs_customer_id_tracker_pk" PRIMARY KEY("customer_id","tracker")
);
--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_rules" ADD CONSTRAINT "remediation_rules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_rules" ADD CONSTRAINT "remediation_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_subtasks" ADD CONSTRAINT "ticket_subtasks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_subtasks" ADD CONSTRAINT "ticket_subtasks_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_subtasks" ADD CONSTRAINT "ticket_subtasks_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_watchers" ADD CONSTRAINT "ticket_watchers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_watchers" ADD CONSTRAINT "ticket_watchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_team_id_teams_id_fk" FOREIGN KEY ("assignee_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_retest_run_id_scan_runs_id_fk" FOREIGN KEY ("retest_run_id") REFERENCES "public"."scan_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_deliveries" ADD CONSTRAINT "tracker_deliveries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_deliveries" ADD CONSTRAINT "tracker_deliveries_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_syncs" ADD CONSTRAINT "tracker_syncs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exclusions_customer_idx" ON "exclusions" USING btree ("customer_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "remediation_rules_name_idx" ON "remediation_rules" USING btree ("customer_id","name");--> statement-breakpoint
CREATE INDEX "remediation_rules_customer_idx" ON "remediation_rules" USING btree ("customer_id","position");--> statement-breakpoint
CREATE INDEX "ticket_events_ticket_idx" ON "ticket_events" USING btree ("ticket_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_events_external_idx" ON "ticket_events" USING btree ("ticket_id","source","external_id") WHERE "ticket_events"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_links_ticket_idx" ON "ticket_links" USING btree ("ticket_id","tracker");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_links_external_idx" ON "ticket_links" USING btree ("customer_id","tracker","external_id") WHERE "ticket_links"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "ticket_links_state_idx" ON "ticket_links" USING btree ("customer_id","tracker","sync_state");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_subtasks_ticket_finding_idx" ON "ticket_subtasks" USING btree ("ticket_id","finding_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_subtasks_open_finding_idx" ON "ticket_subtasks" USING btree ("finding_id") WHERE "ticket_subtasks"."open";--> statement-breakpoint
CREATE INDEX "ticket_subtasks_customer_idx" ON "ticket_subtasks" USING btree ("customer_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_uuid_idx" ON "tickets" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_number_idx" ON "tickets" USING btree ("customer_id","number");--> statement-breakpoint
CREATE INDEX "tickets_customer_status_idx" ON "tickets" USING btree ("customer_id","status","due_date");--> statement-breakpoint
CREATE INDEX "tickets_customer_created_idx" ON "tickets" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_issue_idx" ON "tickets" USING btree ("customer_id","issue_id");--> statement-breakpoint
CREATE INDEX "tickets_asset_idx" ON "tickets" USING btree ("customer_id","asset_id");--> statement-breakpoint
CREATE INDEX "tickets_assignee_idx" ON "tickets" USING btree ("customer_id","assignee_user_id");--> statement-breakpoint
CREATE INDEX "tickets_team_idx" ON "tickets" USING btree ("customer_id","assignee_team_id");--> statement-breakpoint
CREATE INDEX "tickets_rule_idx" ON "tickets" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "tickets_risk_idx" ON "tickets" USING btree ("customer_id","asset_risk_score");--> statement-breakpoint
CREATE INDEX "tickets_threat_idx" ON "tickets" USING btree ("customer_id","issue_threat_score");--> statement-breakpoint
CREATE INDEX "tickets_retest_idx" ON "tickets" USING btree ("retest_run_id") WHERE "tickets"."retest_run_id" is not null;--> statement-breakpoint
CREATE INDEX "tracker_deliveries_customer_idx" ON "tracker_deliveries" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "tracker_deliveries_ticket_idx" ON "tracker_deliveries" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "tracker_deliveries_pending_idx" ON "tracker_deliveries" USING btree ("state") WHERE "tracker_deliveries"."state" = 'pending';