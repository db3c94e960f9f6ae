CREATE TABLE IF NOT EXISTS "media_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer REFERENCES "organizations"("id") ON DELETE cascade,
	"url" text NOT NULL,
	"thumb_url" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "media_files_url_uq" ON "media_files" USING btree ("url");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_files_name_prefix_idx" ON "media_files" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_files_org_created_idx" ON "media_files" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_files_org_kind_idx" ON "media_files" USING btree ("org_id","kind");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_files_org_size_idx" ON "media_files" USING btree ("org_id","size");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_files_created_idx" ON "media_files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_files_checked_idx" ON "media_files" USING btree ("checked_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "picture_books" (
	"id" serial PRIMARY KEY NOT NULL,
	"album" text NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "picture_books_title_prefix_idx" ON "picture_books" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "picture_books_album_sort_idx" ON "picture_books" USING btree ("album","status","sort");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "picture_books_status_idx" ON "picture_books" USING btree ("status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "picture_books_sort_idx" ON "picture_books" USING btree ("sort");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "picture_books_updated_idx" ON "picture_books" USING btree ("updated_at");
