CREATE TABLE "intel_distro_fixes" (
	"distro" text NOT NULL,
	"release" text NOT NULL,
	"package" text NOT NULL,
	"cve" text NOT NULL,
	"status" text NOT NULL,
	"fixed_version" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intel_distro_fixes_distro_release_package_cve_pk" PRIMARY KEY("distro","release","package","cve")
);
