ALTER TABLE "findings" ADD COLUMN "detection" text;--> statement-breakpoint
-- Findings stored before: a check's were decided by the check, the others on the service's announced version.
UPDATE "findings" SET "detection" = CASE WHEN "check_id" IS NOT NULL THEN 'active-check' ELSE 'service-version' END WHERE "detection" IS NULL;
