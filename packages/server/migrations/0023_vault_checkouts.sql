CREATE TABLE "vault_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"credential_id" integer,
	"request_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vault_checkouts" ADD CONSTRAINT "vault_checkouts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vault_checkouts_task_idx" ON "vault_checkouts" USING btree ("task_id");