CREATE TABLE IF NOT EXISTS "robots" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"keywords" text NOT NULL,
	"match" text DEFAULT 'contains' NOT NULL,
	"reply" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "robots_name_prefix_idx" ON "robots" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "robots_org_sort_idx" ON "robots" USING btree ("org_id","sort");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "robots_org_status_idx" ON "robots" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "robots_org_hits_idx" ON "robots" USING btree ("org_id","hits");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "screen_chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"device_id" integer REFERENCES "devices"("id") ON DELETE set null,
	"nickname" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"replied_by" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"moderated_by" integer REFERENCES "users"("id") ON DELETE set null,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "screen_chats_org_created_idx" ON "screen_chats" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "screen_chats_org_state_idx" ON "screen_chats" USING btree ("org_id","state","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "screen_chats_org_device_idx" ON "screen_chats" USING btree ("org_id","device_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "screen_chats_org_id_idx" ON "screen_chats" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "screen_chats_nickname_prefix_idx" ON "screen_chats" USING btree (lower("nickname") text_pattern_ops);
