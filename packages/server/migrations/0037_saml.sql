CREATE TABLE "saml_message_ids" (
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saml_message_ids_customer_id_kind_message_id_pk" PRIMARY KEY("customer_id","kind","message_id")
);
--> statement-breakpoint
CREATE TABLE "saml_settings" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"idp_name" text DEFAULT '' NOT NULL,
	"want_assertions_signed" boolean DEFAULT true NOT NULL,
	"want_assertions_encrypted" boolean DEFAULT false NOT NULL,
	"config_option" text DEFAULT 'url' NOT NULL,
	"idp_metadata_url" text DEFAULT '' NOT NULL,
	"idp_metadata_file_name" text,
	"idp_metadata_file" text,
	"idp_login_url" text DEFAULT '' NOT NULL,
	"idp_certificate" text DEFAULT '' NOT NULL,
	"idp_signing_certs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idp_entity_id" text DEFAULT '' NOT NULL,
	"email_domains" text[] DEFAULT '{}' NOT NULL,
	"default_role" text DEFAULT 'auditor' NOT NULL,
	"group_attribute" text DEFAULT 'groups' NOT NULL,
	"group_roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sp_private_key" text NOT NULL,
	"sp_certificate" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saml_message_ids" ADD CONSTRAINT "saml_message_ids_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_settings" ADD CONSTRAINT "saml_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_message_ids_expires_idx" ON "saml_message_ids" USING btree ("expires_at");