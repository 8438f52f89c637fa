CREATE TABLE "intel_feed_sources" (
	"source" text PRIMARY KEY NOT NULL,
	"running" boolean DEFAULT false NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"records" integer DEFAULT 0 NOT NULL,
	"unchanged" boolean DEFAULT false NOT NULL,
	"etag" text,
	"last_modified" text,
	"sha256" text,
	"cursor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
