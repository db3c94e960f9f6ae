CREATE TABLE IF NOT EXISTS "access_list_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"list" text NOT NULL,
	"target" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "access_list_org_list_value_uq" ON "access_list_entries" USING btree ("org_id","list","target","value");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "access_list_value_prefix_idx" ON "access_list_entries" USING btree (lower("value") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "access_list_org_created_idx" ON "access_list_entries" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "access_list_org_expires_idx" ON "access_list_entries" USING btree ("org_id","expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "access_list_org_target_idx" ON "access_list_entries" USING btree ("org_id","target");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT 'default' NOT NULL,
	"pinned" integer DEFAULT 0 NOT NULL,
	"remind_at" timestamp with time zone,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notes_org_updated_idx" ON "notes" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notes_org_pinned_idx" ON "notes" USING btree ("org_id","pinned");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notes_org_colour_idx" ON "notes" USING btree ("org_id","colour");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notes_org_remind_idx" ON "notes" USING btree ("org_id","remind_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notes_title_prefix_idx" ON "notes" USING btree (lower("title") text_pattern_ops);
