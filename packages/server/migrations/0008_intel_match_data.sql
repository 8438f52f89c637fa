ALTER TABLE "intel_cve_products" DROP CONSTRAINT "intel_cve_products_cve_id_intel_cves_id_fk";--> statement-breakpoint
ALTER TABLE "intel_cves" ADD COLUMN "match" json;--> statement-breakpoint
-- CVEs stored before: their match data from the record (NVD's match criteria ids stay in; the matcher ignores them).
UPDATE "intel_cves" SET "match" = jsonb_build_object(
  'configurations', coalesce("record"->'configurations', '[]'::jsonb),
  'cvss', CASE WHEN jsonb_typeof("record"->'primaryCvss') = 'object' THEN jsonb_build_object(
    'version', "record"->'primaryCvss'->'version', 'vector', "record"->'primaryCvss'->'vector', 'score', "record"->'primaryCvss'->'score') END,
  'kev', CASE WHEN jsonb_typeof("record"->'kev') = 'object' THEN jsonb_build_object(
    'dateAdded', "record"->'kev'->'dateAdded', 'dueDate', "record"->'kev'->'dueDate') END
)::json;--> statement-breakpoint
ALTER TABLE "intel_cves" ALTER COLUMN "match" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "intel_cves" ALTER COLUMN "record" SET DATA TYPE json;--> statement-breakpoint
-- lz4 compresses records several times faster than the default pglz; PostgreSQL builds without it (PGlite) keep pglz.
DO $$ BEGIN
  ALTER TABLE "intel_cves" ALTER COLUMN "record" SET COMPRESSION lz4;
  ALTER TABLE "intel_cves" ALTER COLUMN "match" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN NULL;
END $$;
