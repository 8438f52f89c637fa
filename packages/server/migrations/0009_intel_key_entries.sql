ALTER TABLE "intel_cve_products" ADD COLUMN "entries" json;--> statement-breakpoint
-- Keys stored before have no entries: their CVEs are matched on the configurations in their match data, as CVEs with
-- platforms are, until re-imported. Their match data gains what a match shows, read so far from the whole record.
UPDATE "intel_cves" SET "match" = ("match"::jsonb || jsonb_build_object(
  'published', ("record"->'published')::jsonb,
  'description', coalesce(("record"->'description')::jsonb, '""'::jsonb),
  'references', coalesce((SELECT jsonb_agg(r->'url') FROM jsonb_array_elements(("record"->'references')::jsonb) AS r), '[]'::jsonb)
))::json;
