CREATE TABLE "asset_tags" (
	"tag_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "asset_tags_tag_id_asset_id_pk" PRIMARY KEY("tag_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '#1c7ed6' NOT NULL,
	"is_dynamic" boolean DEFAULT false NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"business_impact" smallint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"evaluated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_tags" (
	"team_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "team_tags_team_id_tag_id_role_pk" PRIMARY KEY("team_id","tag_id","role")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"notification_email" text,
	"asset_permissions" text DEFAULT 'ALL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Hosts become host assets (the table is renamed, so every host keeps its id, ports, findings and run history); scan
-- targets become network, range and host assets, and scans name them by their new ids (docs/decisions/0005-assets.md).
ALTER TABLE "hosts" RENAME TO "assets";--> statement-breakpoint
ALTER SEQUENCE "hosts_id_seq" RENAME TO "assets_id_seq";--> statement-breakpoint
ALTER TABLE "assets" RENAME CONSTRAINT "hosts_pkey" TO "assets_pkey";--> statement-breakpoint
ALTER TABLE "assets" RENAME CONSTRAINT "hosts_customer_id_customers_id_fk" TO "assets_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "assets" RENAME CONSTRAINT "hosts_last_run_id_scan_runs_id_fk" TO "assets_last_run_id_scan_runs_id_fk";--> statement-breakpoint
ALTER TABLE "findings" RENAME CONSTRAINT "findings_host_id_hosts_id_fk" TO "findings_host_id_assets_id_fk";--> statement-breakpoint
ALTER TABLE "host_ports" RENAME CONSTRAINT "host_ports_host_id_hosts_id_fk" TO "host_ports_host_id_assets_id_fk";--> statement-breakpoint
ALTER TABLE "scan_run_hosts" RENAME CONSTRAINT "scan_run_hosts_host_id_hosts_id_fk" TO "scan_run_hosts_host_id_assets_id_fk";--> statement-breakpoint
DROP INDEX "hosts_address_idx";--> statement-breakpoint
ALTER INDEX "hosts_last_seen_idx" RENAME TO "assets_last_seen_idx";--> statement-breakpoint
ALTER TABLE "assets" ALTER COLUMN "address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ALTER COLUMN "first_seen" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ALTER COLUMN "last_seen" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "kind" text DEFAULT 'host' NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "type" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "value" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "zone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "is_server" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "internet_facing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "pci" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "email_address" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "criticality" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "mac_address" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "ssh_host_key" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "risk_score" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "modified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "legacy_target_id" integer;--> statement-breakpoint
UPDATE "assets" SET "value" = "address", "created_at" = "first_seen", "modified_at" = "last_seen",
  "is_server" = "open_ports" > 0,
  "internet_facing" = NOT ("address" ~ '^(10\.|127\.|169\.254\.|192\.168\.|172\.(1[6-9]|2[0-9]|3[01])\.|100\.(6[4-9]|[7-9][0-9]|1[01][0-9]|12[0-7])\.)' OR "address" ~* '^(::1$|f[cd]|fe[89ab])');--> statement-breakpoint
ALTER TABLE "assets" ALTER COLUMN "value" SET NOT NULL;--> statement-breakpoint
SELECT setval('assets_id_seq', greatest((SELECT max("id") FROM "assets"), 1));--> statement-breakpoint
-- A host target whose address a scan already found is that host asset: it takes the target's name and description.
UPDATE "assets" a SET "legacy_target_id" = t."id", "name" = t."name", "description" = t."description",
  "created_by" = t."created_by", "created_at" = least(a."created_at", t."created_at")
FROM "scan_targets" t WHERE t."kind" = 'host' AND t."customer_id" = a."customer_id" AND t."value" = a."address";--> statement-breakpoint
INSERT INTO "assets" ("customer_id", "kind", "type", "value", "address", "name", "description", "created_by", "created_at", "modified_at", "legacy_target_id")
SELECT t."customer_id", t."kind", CASE WHEN t."kind" = 'host' THEN 2 ELSE 1 END, t."value",
  CASE WHEN t."kind" = 'host' AND (t."value" ~ '^[0-9.]+$' OR t."value" LIKE '%:%') THEN t."value" END,
  t."name", t."description", t."created_by", t."created_at", t."created_at", t."id"
FROM "scan_targets" t
WHERE NOT EXISTS (SELECT 1 FROM "assets" a WHERE a."legacy_target_id" = t."id");--> statement-breakpoint
UPDATE "scans" s SET "target_ids" = coalesce((
  SELECT jsonb_agg(a."id" ORDER BY e.n) FROM jsonb_array_elements_text(s."target_ids") WITH ORDINALITY AS e(v, n)
  JOIN "assets" a ON a."legacy_target_id" = e.v::int AND a."customer_id" = s."customer_id"), '[]'::jsonb)
WHERE jsonb_array_length(s."target_ids") > 0;--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "legacy_target_id";--> statement-breakpoint
DROP TABLE "scan_targets";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "asset_limit" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "lifecycle_management_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "lifecycle_period" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_tags" ADD CONSTRAINT "asset_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_tags" ADD CONSTRAINT "asset_tags_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_tags" ADD CONSTRAINT "asset_tags_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_parent_id_assets_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_tags" ADD CONSTRAINT "team_tags_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_tags" ADD CONSTRAINT "team_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_tags_asset_idx" ON "asset_tags" USING btree ("asset_id","tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_value_idx" ON "assets" USING btree ("customer_id","zone","kind",lower("value"));--> statement-breakpoint
CREATE UNIQUE INDEX "assets_address_idx" ON "assets" USING btree ("customer_id","zone","address") WHERE "assets"."address" is not null;--> statement-breakpoint
CREATE INDEX "assets_created_idx" ON "assets" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "assets_type_idx" ON "assets" USING btree ("customer_id","type","id");--> statement-breakpoint
CREATE INDEX "assets_risk_idx" ON "assets" USING btree ("customer_id","risk_score");--> statement-breakpoint
CREATE INDEX "assets_parent_idx" ON "assets" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_idx" ON "tags" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_idx" ON "teams" USING btree ("customer_id",lower("name"));--> statement-breakpoint
