CREATE TABLE "scan_task_hosts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"address" text NOT NULL,
	"alive" boolean NOT NULL,
	"host" jsonb
);
--> statement-breakpoint
ALTER TABLE "scan_task_hosts" ADD CONSTRAINT "scan_task_hosts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_task_hosts" ADD CONSTRAINT "scan_task_hosts_task_id_scan_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."scan_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scan_task_hosts_task_address_idx" ON "scan_task_hosts" USING btree ("task_id","address");