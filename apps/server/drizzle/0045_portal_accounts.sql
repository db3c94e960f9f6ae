ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "auth_account" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "account_kind" text DEFAULT 'hotel' NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "account_source" text DEFAULT 'local' NOT NULL;
--> statement-breakpoint
ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "account_property" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "portal_hotel_guests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"place" text DEFAULT '' NOT NULL,
	"room" text NOT NULL,
	"surname" text NOT NULL,
	"guest_name" text DEFAULT '' NOT NULL,
	"check_in" timestamp with time zone NOT NULL,
	"check_out" timestamp with time zone NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_hotel_guests_org_room_idx" ON "portal_hotel_guests" USING btree ("org_id","room");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_hotel_guests_org_check_in_idx" ON "portal_hotel_guests" USING btree ("org_id","check_in");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_hotel_guests_org_check_out_idx" ON "portal_hotel_guests" USING btree ("org_id","check_out");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_hotel_guests_surname_prefix_idx" ON "portal_hotel_guests" USING btree (lower("surname") text_pattern_ops);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "portal_members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"member_no" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"valid_until" timestamp with time zone,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "portal_members_org_member_no_uq" ON "portal_members" USING btree ("org_id","member_no");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_members_member_no_prefix_idx" ON "portal_members" USING btree (lower("member_no") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_members_phone_prefix_idx" ON "portal_members" USING btree (lower("phone") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_members_org_phone_idx" ON "portal_members" USING btree ("org_id","phone");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_members_org_status_idx" ON "portal_members" USING btree ("org_id","status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_members_org_valid_until_idx" ON "portal_members" USING btree ("org_id","valid_until");
