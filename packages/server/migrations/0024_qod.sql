ALTER TABLE "customers" ADD COLUMN "min_qod" smallint DEFAULT 70 NOT NULL;--> statement-breakpoint
ALTER TABLE "findings" ADD COLUMN "qod" smallint DEFAULT 80 NOT NULL;--> statement-breakpoint
-- Backfill by detection (core's QOD_OF_TYPE): active check 95, packages and policy rules 97, distribution revision and
-- announced version 80, an announced upstream version behind a distribution banner 30.
UPDATE "findings" SET "qod" = CASE
  WHEN "detection" = 'active-check' OR ("detection" IS NULL AND "matched_by" = 'check') THEN 95
  WHEN "detection" IN ('package-list', 'policy-rule') THEN 97
  WHEN "detection" = 'service-version' AND ("evidence" LIKE '%decided on the upstream version alone%'
    OR "evidence" ~* 'Banner: [^\n]*(debian|ubuntu|raspbian|red ?hat|centos|rocky|almalinux|suse|fedora|freebsd)') THEN 30
  ELSE 80 END;
