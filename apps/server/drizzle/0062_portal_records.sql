-- Business → Authentication records, Authenticated terminals, Portal IT & SMS (issue #15).
CREATE TABLE IF NOT EXISTS "portal_auth_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"created_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"identity" text DEFAULT '' NOT NULL,
	"mac" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"device_id" integer REFERENCES "devices"("id") ON DELETE set null,
	"gateway" text DEFAULT '' NOT NULL,
	"result" text NOT NULL,
	"code" integer DEFAULT 200 NOT NULL,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_auth_records_org_created_idx" ON "portal_auth_records" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_auth_records_org_kind_idx" ON "portal_auth_records" USING btree ("org_id","kind","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_auth_records_org_result_idx" ON "portal_auth_records" USING btree ("org_id","result","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_auth_records_org_phone_idx" ON "portal_auth_records" USING btree ("org_id","phone","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_auth_records_mac_prefix_idx" ON "portal_auth_records" USING btree (lower("mac") text_pattern_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "portal_auth_terminals" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"mac" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"identity" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"sign_ins" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_result" text DEFAULT '' NOT NULL,
	"device_id" integer REFERENCES "devices"("id") ON DELETE set null,
	"place" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "portal_auth_terminals_org_mac_uq" ON "portal_auth_terminals" USING btree ("org_id","mac");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_auth_terminals_org_last_idx" ON "portal_auth_terminals" USING btree ("org_id","last_seen_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_auth_terminals_org_first_idx" ON "portal_auth_terminals" USING btree ("org_id","first_seen_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_auth_terminals_org_sign_ins_idx" ON "portal_auth_terminals" USING btree ("org_id","sign_ins");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_auth_terminals_org_phone_idx" ON "portal_auth_terminals" USING btree ("org_id","phone");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_auth_terminals_mac_prefix_idx" ON "portal_auth_terminals" USING btree (lower("mac") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_messages_org_status_idx" ON "sms_messages" USING btree ("org_id","status","created_at");
