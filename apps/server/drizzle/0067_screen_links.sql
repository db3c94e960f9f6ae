-- Display links of the big screens (monitor.screen_link): a display nobody signs in on opens one screen of the
-- organisation with the link's token, kept here only as its SHA-256.
CREATE TABLE IF NOT EXISTS "screen_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"screen" text NOT NULL,
	"token_hash" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "screen_links_token_uq" ON "screen_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "screen_links_org_id_idx" ON "screen_links" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "screen_links_org_state_idx" ON "screen_links" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "screen_links_org_screen_idx" ON "screen_links" USING btree ("org_id","screen");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "screen_links_org_last_used_idx" ON "screen_links" USING btree ("org_id","last_used_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "screen_links_name_prefix_idx" ON "screen_links" USING btree (lower("name") text_pattern_ops);
