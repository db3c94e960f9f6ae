CREATE TABLE IF NOT EXISTS "consult_tutorials" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"classification_id" integer REFERENCES "consult_classifications"("id"),
	"video_url" text DEFAULT '' NOT NULL,
	"duration_min" integer,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_tutorials_org_sort_idx" ON "consult_tutorials" USING btree ("org_id","sort");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_tutorials_org_published_idx" ON "consult_tutorials" USING btree ("org_id","published_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_tutorials_org_state_idx" ON "consult_tutorials" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_tutorials_org_class_idx" ON "consult_tutorials" USING btree ("org_id","classification_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_tutorials_classification_idx" ON "consult_tutorials" USING btree ("classification_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_tutorials_org_id_idx" ON "consult_tutorials" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_tutorials_title_prefix_idx" ON "consult_tutorials" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "consult_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"author" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"moderated_by" integer REFERENCES "users"("id") ON DELETE set null,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_posts_org_created_idx" ON "consult_posts" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_posts_org_state_idx" ON "consult_posts" USING btree ("org_id","state","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_posts_org_id_idx" ON "consult_posts" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_posts_title_prefix_idx" ON "consult_posts" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_posts_author_prefix_idx" ON "consult_posts" USING btree (lower("author") text_pattern_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "consult_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"post_id" integer NOT NULL REFERENCES "consult_posts"("id") ON DELETE cascade,
	"content" text NOT NULL,
	"author" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"moderated_by" integer REFERENCES "users"("id") ON DELETE set null,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_comments_org_created_idx" ON "consult_comments" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_comments_org_state_idx" ON "consult_comments" USING btree ("org_id","state","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_comments_org_post_idx" ON "consult_comments" USING btree ("org_id","post_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_comments_post_idx" ON "consult_comments" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_comments_org_id_idx" ON "consult_comments" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_comments_author_prefix_idx" ON "consult_comments" USING btree (lower("author") text_pattern_ops);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "keyword_blacklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"word" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "keyword_blacklist_org_word_uq" ON "keyword_blacklist" USING btree ("org_id",lower("word"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "keyword_blacklist_org_created_idx" ON "keyword_blacklist" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "keyword_blacklist_org_status_idx" ON "keyword_blacklist" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "keyword_blacklist_word_prefix_idx" ON "keyword_blacklist" USING btree (lower("word") text_pattern_ops);
