CREATE TABLE IF NOT EXISTS "licence_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"to_org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"source_auth_id" integer REFERENCES "device_auths"("id") ON DELETE set null,
	"feature" text NOT NULL,
	"model_id" integer REFERENCES "device_models"("id") ON DELETE restrict,
	"serial" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"deadline" timestamp with time zone,
	"decision" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"licence_id" integer REFERENCES "device_auths"("id") ON DELETE set null,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"decided_by" integer REFERENCES "users"("id") ON DELETE set null,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "licence_grants_to_created_idx" ON "licence_grants" USING btree ("to_org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "licence_grants_to_feature_idx" ON "licence_grants" USING btree ("to_org_id","feature");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "licence_grants_from_created_idx" ON "licence_grants" USING btree ("from_org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "licence_grants_from_feature_idx" ON "licence_grants" USING btree ("from_org_id","feature");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "licence_grants_source_idx" ON "licence_grants" USING btree ("source_auth_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "licence_grants_licence_idx" ON "licence_grants" USING btree ("licence_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "licence_grants_model_idx" ON "licence_grants" USING btree ("model_id");
