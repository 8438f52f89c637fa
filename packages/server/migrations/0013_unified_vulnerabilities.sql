CREATE TABLE "finding_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"finding_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"event" text NOT NULL,
	"user_id" integer,
	"reason" smallint,
	"comment" text,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ignored_tests" (
	"customer_id" integer NOT NULL,
	"variant" text DEFAULT 'n' NOT NULL,
	"test_id" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ignored_tests_customer_id_variant_test_id_pk" PRIMARY KEY("customer_id","variant","test_id")
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"hid" text NOT NULL,
	"source" text DEFAULT 'network' NOT NULL,
	"kind" smallint DEFAULT 2 NOT NULL,
	"check_id" text,
	"cve" text,
	"cves" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"severity" smallint NOT NULL,
	"cvss" real,
	"cvss_vector" text,
	"epss" real,
	"epss_percentile" real,
	"exploit_known" boolean DEFAULT false NOT NULL,
	"ransomware_known" boolean DEFAULT false NOT NULL,
	"description" text,
	"solution" text,
	"risk_score" real DEFAULT 0 NOT NULL,
	"open_findings" integer DEFAULT 0 NOT NULL,
	"open_assets" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"ignore_kind" smallint,
	"ignore_reason" smallint,
	"ignore_comment" text,
	"ignore_expires_at" timestamp with time zone,
	"ignored_by" integer,
	"ignored_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "risk_acceptance_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "issue_id" integer;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "kind" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "ignore_kind" smallint;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "ignore_reason" smallint;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "ignore_comment" text;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "ignore_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "ignored_by" integer;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "ignored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "ignore_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "test_ignored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_finding_id_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ignored_tests" ADD CONSTRAINT "ignored_tests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ignored_tests" ADD CONSTRAINT "ignored_tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_ignored_by_users_id_fk" FOREIGN KEY ("ignored_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finding_events_finding_idx" ON "finding_events" USING btree ("finding_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "issues_hid_idx" ON "issues" USING btree ("customer_id","hid");--> statement-breakpoint
CREATE INDEX "issues_risk_idx" ON "issues" USING btree ("customer_id","risk_score");--> statement-breakpoint
CREATE INDEX "issues_cve_idx" ON "issues" USING btree ("customer_id","cve");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_filters_name_idx" ON "saved_filters" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_filters_default_idx" ON "saved_filters" USING btree ("user_id") WHERE "saved_filters"."is_default";--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "findings" ADD CONSTRAINT "findings_ignored_by_users_id_fk" FOREIGN KEY ("ignored_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "findings_issue_idx" ON "findings" USING btree ("issue_id","state");--> statement-breakpoint
CREATE INDEX "findings_ignored_idx" ON "findings" USING btree ("customer_id","ignore_kind","ignore_expires_at");--> statement-breakpoint
-- Existing network findings move into the model: one issue per weakness (a CVE id, or nvt-<test id>) per customer,
-- with the facts of its latest finding; their history (scan_run_findings) stays as it is.
UPDATE "findings" SET "kind" = CASE WHEN "confidence" = 'potential' THEN 1 ELSE 2 END;--> statement-breakpoint
INSERT INTO "issues" ("customer_id", "hid", "source", "kind", "check_id", "cve", "cves", "name", "severity", "cvss", "cvss_vector",
  "epss", "epss_percentile", "exploit_known", "ransomware_known", "description", "solution", "first_seen", "last_seen")
SELECT DISTINCT ON (x."customer_id", x."hid") x."customer_id", x."hid", x."source", x."kind",
  CASE WHEN x."key" LIKE 'cve:%' THEN NULL ELSE x."check_id" END, x."cve", x."cves", x."name", x."severity", x."cvss",
  x."cvss_vector", x."epss", x."epss_percentile", x."exploit_known", x."ransomware_known", x."description", x."solution",
  min(x."first_seen") OVER (PARTITION BY x."customer_id", x."hid"), max(x."last_seen") OVER (PARTITION BY x."customer_id", x."hid")
FROM (SELECT f.*, CASE WHEN f."key" LIKE 'cve:%' THEN f."cve" ELSE 'nvt-' || f."check_id" END AS "hid" FROM "findings" f) x
WHERE x."hid" IS NOT NULL
ORDER BY x."customer_id", x."hid", x."last_seen" DESC, x."id" DESC;--> statement-breakpoint
UPDATE "findings" f SET "issue_id" = i."id" FROM "issues" i
WHERE i."customer_id" = f."customer_id" AND i."hid" = CASE WHEN f."key" LIKE 'cve:%' THEN f."cve" ELSE 'nvt-' || f."check_id" END;--> statement-breakpoint
UPDATE "issues" i SET "risk_score" = coalesce(a."risk", 0), "open_findings" = coalesce(a."n", 0), "open_assets" = coalesce(a."hosts", 0)
FROM (SELECT f."issue_id", max(f."risk_score") AS "risk", count(*) AS "n", count(DISTINCT f."host_id") AS "hosts"
      FROM "findings" f WHERE f."state" <> 3 GROUP BY f."issue_id") a
WHERE a."issue_id" = i."id";--> statement-breakpoint
-- The vulnerability list's common path: a customer's open findings that count, by risk (read backwards for
-- "highest risk first, newest id first").
CREATE INDEX "findings_open_risk_idx" ON "findings" USING btree ("customer_id", "risk_score", "id")
  WHERE "state" <> 3 AND "ignore_kind" IS NULL AND NOT "test_ignored";
--> statement-breakpoint
-- A CVE in a finding's list (the list's cve filter, and news of newly exploited CVEs).
CREATE INDEX "findings_cves_idx" ON "findings" USING gin ("cves" jsonb_path_ops);
