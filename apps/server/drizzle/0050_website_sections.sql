CREATE TABLE IF NOT EXISTS "technical_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "technical_types_name_prefix_idx" ON "technical_types" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "technical_types_sort_idx" ON "technical_types" USING btree ("sort");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "technical_types_created_idx" ON "technical_types" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "website_contents" ADD COLUMN IF NOT EXISTS "technical_type_id" integer REFERENCES "technical_types"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "website_contents" ADD COLUMN IF NOT EXISTS "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "website_contents" ADD COLUMN IF NOT EXISTS "unpublish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "website_contents_publish_idx" ON "website_contents" USING btree ("publish_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "website_contents_technical_type_idx" ON "website_contents" USING btree ("technical_type_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "website_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "website_texts_slug_uq" ON "website_texts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "website_texts_slug_prefix_idx" ON "website_texts" USING btree (lower("slug") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "website_texts_title_prefix_idx" ON "website_texts" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "website_texts_status_idx" ON "website_texts" USING btree ("status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "website_texts_updated_idx" ON "website_texts" USING btree ("updated_at");--> statement-breakpoint
-- Technical articles written before categories existed go to one named "General".
INSERT INTO "technical_types" ("name", "sort") SELECT 'General', 0
	WHERE EXISTS (SELECT 1 FROM "website_contents" WHERE "kind" = 'technical' AND "technical_type_id" IS NULL);--> statement-breakpoint
UPDATE "website_contents" SET "technical_type_id" = (SELECT min("id") FROM "technical_types")
	WHERE "kind" = 'technical' AND "technical_type_id" IS NULL;--> statement-breakpoint
-- The one "Website content" page becomes a page per section (issue 14): its menu's holders (roles, permission
-- groups) get every new page, and its buttons' holders the same buttons on every section.
CREATE TEMP TABLE "website_pages" ("key" text, "path" text, "body" boolean);--> statement-breakpoint
INSERT INTO "website_pages" VALUES ('banner', 'banner', false), ('advertise', 'advertise', false), ('scheme', 'scheme', true),
	('case', 'case', true), ('information', 'information', true), ('technical', 'technical', true), ('text', 'text', true),
	('technicalType', 'technical-type', false);--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "path", "name", "title", "icon", "component", "sort")
	SELECT w."parent_id", '/oa/' || p."path", 'oa-' || p."key", 'route.oa.' || p."key", '', 'oa/' || p."key", w."sort"
	FROM "menus" w, "website_pages" p WHERE w."name" = 'oa-website'
	ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_menus" ("role_id", "menu_id")
	SELECT rm."role_id", m."id" FROM "role_menus" rm
	JOIN "menus" w ON w."id" = rm."menu_id" AND w."name" = 'oa-website'
	JOIN "menus" m ON m."name" IN (SELECT 'oa-' || "key" FROM "website_pages")
	ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "authority_groups" g SET "menu_ids" = array_remove(g."menu_ids", w."id") || ARRAY(
		SELECT m."id" FROM "menus" m WHERE m."name" IN (SELECT 'oa-' || "key" FROM "website_pages") AND NOT m."id" = ANY(g."menu_ids"))
	FROM "menus" w WHERE w."name" = 'oa-website' AND w."id" = ANY(g."menu_ids");--> statement-breakpoint
CREATE TEMP TABLE "website_buttons" ("old_key" text, "new_key" text);--> statement-breakpoint
INSERT INTO "website_buttons"
	SELECT 'oa.website.' || op, 'oa.' || p."key" || '.' || op
	FROM "website_pages" p, unnest(ARRAY['list', 'detail', 'add', 'update', 'remove', 'export', 'enable', 'disable']) op
	WHERE p."key" NOT IN ('text', 'technicalType')
	UNION ALL SELECT 'oa.website.' || op, 'oa.text.' || op FROM unnest(ARRAY['list', 'detail', 'add', 'update', 'remove', 'export', 'enable', 'disable']) op
	UNION ALL SELECT 'oa.website.' || op, 'oa.technical_type.' || op FROM unnest(ARRAY['list', 'detail', 'add', 'update', 'remove', 'export']) op
	UNION ALL SELECT 'oa.website.' || op, 'oa.' || p."key" || '.upload_image' FROM "website_pages" p, unnest(ARRAY['add', 'update']) op
	WHERE p."key" NOT IN ('technicalType')
	UNION ALL SELECT 'oa.website.' || op, 'oa.' || p."key" || '.import_word' FROM "website_pages" p, unnest(ARRAY['add', 'update']) op
	WHERE p."body";--> statement-breakpoint
INSERT INTO "buttons" ("key", "title")
	SELECT DISTINCT b."new_key", 'perm.' || b."new_key" FROM "website_buttons" b
	WHERE EXISTS (SELECT 1 FROM "buttons" o WHERE o."key" = b."old_key")
	ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_buttons" ("role_id", "button_id")
	SELECT rb."role_id", n."id" FROM "role_buttons" rb
	JOIN "buttons" o ON o."id" = rb."button_id"
	JOIN "website_buttons" b ON b."old_key" = o."key"
	JOIN "buttons" n ON n."key" = b."new_key"
	ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "authority_groups" g SET "button_ids" = ARRAY(
		SELECT DISTINCT x FROM unnest(g."button_ids" || ARRAY(
			SELECT n."id" FROM "buttons" o JOIN "website_buttons" b ON b."old_key" = o."key" JOIN "buttons" n ON n."key" = b."new_key"
			WHERE o."id" = ANY(g."button_ids"))) x
		WHERE x NOT IN (SELECT "id" FROM "buttons" WHERE "key" LIKE 'oa.website.%'))
	WHERE EXISTS (SELECT 1 FROM "buttons" o WHERE o."key" LIKE 'oa.website.%' AND o."id" = ANY(g."button_ids"));--> statement-breakpoint
DELETE FROM "buttons" WHERE "key" LIKE 'oa.website.%';--> statement-breakpoint
DELETE FROM "menus" WHERE "name" = 'oa-website';--> statement-breakpoint
UPDATE "menus" SET "redirect" = '/oa/banner' WHERE "name" = 'oa' AND "redirect" = '/oa/website';--> statement-breakpoint
DROP TABLE "website_pages";--> statement-breakpoint
DROP TABLE "website_buttons";
