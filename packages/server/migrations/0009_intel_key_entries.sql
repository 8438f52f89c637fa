ALTER TABLE "intel_cve_products" ADD COLUMN "entries" json;
-- Keys stored before have no entries: their CVEs are matched on their match data, as complex CVEs are, until re-imported.
