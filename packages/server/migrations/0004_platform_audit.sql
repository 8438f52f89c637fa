CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"user_id" integer,
	"actor" text NOT NULL,
	"impersonated" boolean DEFAULT false NOT NULL,
	"impersonation_source" text,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"object_id" text,
	"status" smallint NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "platform_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_customer_created_idx" ON "audit_events" USING btree ("customer_id","created_at" DESC);--> statement-breakpoint
CREATE INDEX "audit_events_customer_resource_idx" ON "audit_events" USING btree ("customer_id","resource");--> statement-breakpoint
CREATE INDEX "audit_events_user_idx" ON "audit_events" USING btree ("user_id");--> statement-breakpoint
-- An existing installation keeps one operator: its first superuser, whom the first start created.
UPDATE "users" SET "platform_operator" = true WHERE "id" = (SELECT min("id") FROM "users" WHERE "is_superuser");
