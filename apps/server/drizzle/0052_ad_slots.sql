CREATE TABLE IF NOT EXISTS "portal_ad_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"placement" text DEFAULT 'login' NOT NULL,
	"max_ads" integer DEFAULT 3 NOT NULL,
	"cpm_cents" integer DEFAULT 0 NOT NULL,
	"cpc_cents" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_ad_slots_name_prefix_idx" ON "portal_ad_slots" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_ad_slots_org_name_idx" ON "portal_ad_slots" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_ad_slots_org_placement_idx" ON "portal_ad_slots" USING btree ("org_id","placement");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_ad_slots_org_status_idx" ON "portal_ad_slots" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_ad_slots_org_cpm_idx" ON "portal_ad_slots" USING btree ("org_id","cpm_cents");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_ad_slots_org_cpc_idx" ON "portal_ad_slots" USING btree ("org_id","cpc_cents");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_ad_slots_org_created_idx" ON "portal_ad_slots" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_ad_slots_org_id_idx" ON "portal_ad_slots" USING btree ("org_id","id");--> statement-breakpoint
ALTER TABLE "portal_adverts" ADD COLUMN IF NOT EXISTS "slot_id" integer REFERENCES "portal_ad_slots"("id");--> statement-breakpoint
ALTER TABLE "portal_adverts" ADD COLUMN IF NOT EXISTS "views" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_adverts" ADD COLUMN IF NOT EXISTS "clicks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Ads written before slots existed all showed on the sign-in page, five at most: one unpriced slot per organisation keeps that.
INSERT INTO "portal_ad_slots" ("org_id", "name", "placement", "max_ads")
	SELECT DISTINCT "org_id", '认证页广告', 'login', 5 FROM "portal_adverts" WHERE "slot_id" IS NULL;--> statement-breakpoint
UPDATE "portal_adverts" a SET "slot_id" = s."id" FROM "portal_ad_slots" s WHERE a."slot_id" IS NULL AND s."org_id" = a."org_id";--> statement-breakpoint
ALTER TABLE "portal_adverts" ALTER COLUMN "slot_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_adverts_slot_idx" ON "portal_adverts" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_adverts_org_slot_idx" ON "portal_adverts" USING btree ("org_id","slot_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_adverts_org_views_idx" ON "portal_adverts" USING btree ("org_id","views");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_adverts_org_clicks_idx" ON "portal_adverts" USING btree ("org_id","clicks");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "portal_ad_stats" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"advert_id" integer REFERENCES "portal_adverts"("id") ON DELETE set null,
	"slot_id" integer REFERENCES "portal_ad_slots"("id") ON DELETE set null,
	"hour" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"earned_milli" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "portal_ad_stats_advert_hour_idx" ON "portal_ad_stats" USING btree ("advert_id","hour");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_ad_stats_org_hour_idx" ON "portal_ad_stats" USING btree ("org_id","hour");
