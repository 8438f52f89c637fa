CREATE TABLE "fra_assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"phishing_template_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"selection" jsonb NOT NULL,
	"sender_domain_id" integer,
	"landing_domain_id" integer,
	"training_template_id" integer,
	"training_trigger" text DEFAULT 'none' NOT NULL,
	"rate_per_minute" integer DEFAULT 60 NOT NULL,
	"tracking_days" integer DEFAULT 14 NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"send_start" timestamp with time zone,
	"send_end" timestamp with time zone,
	"schedule_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fra_domain_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fra_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"category_id" integer,
	"purpose" text DEFAULT 'both' NOT NULL,
	"dkim_selector" text DEFAULT '' NOT NULL,
	"dns" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fra_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"assessment_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"human" boolean NOT NULL,
	"bot_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fra_phishing_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"template_type" text NOT NULL,
	"language" text DEFAULT 'english' NOT NULL,
	"difficulty" smallint DEFAULT 2 NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"sender_local_part" text DEFAULT 'no-reply' NOT NULL,
	"email_subject" text NOT NULL,
	"email_body" text NOT NULL,
	"website_main_template" text DEFAULT '-' NOT NULL,
	"website_response_template" text DEFAULT '-' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"library_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fra_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'english' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"external_id" text,
	"severity" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fra_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"phishing_template_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"selection" jsonb NOT NULL,
	"sender_domain_id" integer,
	"landing_domain_id" integer,
	"training_template_id" integer,
	"training_trigger" text DEFAULT 'none' NOT NULL,
	"rate_per_minute" integer DEFAULT 60 NOT NULL,
	"tracking_days" integer DEFAULT 14 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"timing" jsonb NOT NULL,
	"window_hours" integer DEFAULT 4 NOT NULL,
	"next_run" timestamp with time zone,
	"last_run" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fra_session_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"accent_color" text DEFAULT '#1c7ed6' NOT NULL,
	"color_scheme" text DEFAULT 'light' NOT NULL,
	"logo_url" text,
	"session_type" text NOT NULL,
	"section" text NOT NULL,
	"language" text DEFAULT 'english' NOT NULL,
	"components" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"library_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fra_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"assessment_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"template_id" integer,
	"language" text DEFAULT 'english' NOT NULL,
	"token" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"send_at" timestamp with time zone,
	"message_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"training_started_at" timestamp with time zone,
	"training_completed_at" timestamp with time zone,
	"training_score" smallint,
	"training_answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"severity" smallint DEFAULT 0 NOT NULL,
	"bot_events" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fra_training_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"media" jsonb,
	"question_type" text DEFAULT 'no_content' NOT NULL,
	"question_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct_message" text DEFAULT '' NOT NULL,
	"correct_media" jsonb,
	"incorrect_message" text DEFAULT '' NOT NULL,
	"incorrect_media" jsonb
);
--> statement-breakpoint
ALTER TABLE "fra_assessments" ADD CONSTRAINT "fra_assessments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_assessments" ADD CONSTRAINT "fra_assessments_sender_domain_id_fra_domains_id_fk" FOREIGN KEY ("sender_domain_id") REFERENCES "public"."fra_domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_assessments" ADD CONSTRAINT "fra_assessments_landing_domain_id_fra_domains_id_fk" FOREIGN KEY ("landing_domain_id") REFERENCES "public"."fra_domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_assessments" ADD CONSTRAINT "fra_assessments_training_template_id_fra_session_templates_id_fk" FOREIGN KEY ("training_template_id") REFERENCES "public"."fra_session_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_assessments" ADD CONSTRAINT "fra_assessments_schedule_id_fra_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."fra_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_assessments" ADD CONSTRAINT "fra_assessments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_domain_categories" ADD CONSTRAINT "fra_domain_categories_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_domains" ADD CONSTRAINT "fra_domains_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_domains" ADD CONSTRAINT "fra_domains_category_id_fra_domain_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."fra_domain_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_domains" ADD CONSTRAINT "fra_domains_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_events" ADD CONSTRAINT "fra_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_events" ADD CONSTRAINT "fra_events_assessment_id_fra_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."fra_assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_events" ADD CONSTRAINT "fra_events_target_id_fra_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."fra_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_phishing_templates" ADD CONSTRAINT "fra_phishing_templates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_phishing_templates" ADD CONSTRAINT "fra_phishing_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_recipients" ADD CONSTRAINT "fra_recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_recipients" ADD CONSTRAINT "fra_recipients_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_schedules" ADD CONSTRAINT "fra_schedules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_schedules" ADD CONSTRAINT "fra_schedules_sender_domain_id_fra_domains_id_fk" FOREIGN KEY ("sender_domain_id") REFERENCES "public"."fra_domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_schedules" ADD CONSTRAINT "fra_schedules_landing_domain_id_fra_domains_id_fk" FOREIGN KEY ("landing_domain_id") REFERENCES "public"."fra_domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_schedules" ADD CONSTRAINT "fra_schedules_training_template_id_fra_session_templates_id_fk" FOREIGN KEY ("training_template_id") REFERENCES "public"."fra_session_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_schedules" ADD CONSTRAINT "fra_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_session_templates" ADD CONSTRAINT "fra_session_templates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_session_templates" ADD CONSTRAINT "fra_session_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_targets" ADD CONSTRAINT "fra_targets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_targets" ADD CONSTRAINT "fra_targets_assessment_id_fra_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."fra_assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_targets" ADD CONSTRAINT "fra_targets_recipient_id_fra_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."fra_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_targets" ADD CONSTRAINT "fra_targets_template_id_fra_phishing_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."fra_phishing_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fra_training_steps" ADD CONSTRAINT "fra_training_steps_template_id_fra_session_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."fra_session_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fra_assessments_uuid_idx" ON "fra_assessments" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "fra_assessments_customer_idx" ON "fra_assessments" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fra_domain_categories_name_idx" ON "fra_domain_categories" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "fra_domains_name_idx" ON "fra_domains" USING btree ("customer_id","name");--> statement-breakpoint
CREATE INDEX "fra_events_target_idx" ON "fra_events" USING btree ("target_id","at");--> statement-breakpoint
CREATE INDEX "fra_events_assessment_idx" ON "fra_events" USING btree ("assessment_id","kind","human");--> statement-breakpoint
CREATE INDEX "fra_phishing_templates_customer_idx" ON "fra_phishing_templates" USING btree ("customer_id","archived");--> statement-breakpoint
CREATE UNIQUE INDEX "fra_recipients_email_idx" ON "fra_recipients" USING btree ("customer_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "fra_recipients_asset_idx" ON "fra_recipients" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "fra_recipients_department_idx" ON "fra_recipients" USING btree ("customer_id","department");--> statement-breakpoint
CREATE UNIQUE INDEX "fra_recipients_external_idx" ON "fra_recipients" USING btree ("customer_id","source","external_id") WHERE "fra_recipients"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "fra_schedules_due_idx" ON "fra_schedules" USING btree ("next_run") WHERE "fra_schedules"."active";--> statement-breakpoint
CREATE INDEX "fra_session_templates_customer_idx" ON "fra_session_templates" USING btree ("customer_id","session_type");--> statement-breakpoint
CREATE UNIQUE INDEX "fra_targets_token_idx" ON "fra_targets" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "fra_targets_recipient_idx" ON "fra_targets" USING btree ("assessment_id","recipient_id");--> statement-breakpoint
CREATE INDEX "fra_targets_due_idx" ON "fra_targets" USING btree ("send_at") WHERE "fra_targets"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "fra_targets_recipient_at_idx" ON "fra_targets" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "fra_targets_customer_idx" ON "fra_targets" USING btree ("customer_id","assessment_id");--> statement-breakpoint
CREATE INDEX "fra_training_steps_template_idx" ON "fra_training_steps" USING btree ("template_id","position");