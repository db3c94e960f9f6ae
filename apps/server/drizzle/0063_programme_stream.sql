CREATE TABLE IF NOT EXISTS "programme_stream_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"programme_id" integer NOT NULL REFERENCES "screen_programmes"("id") ON DELETE cascade,
	"device_ids" integer[] DEFAULT '{}' NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"days" integer[] DEFAULT '{}' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"render_base" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programme_stream_entries_name_prefix_idx" ON "programme_stream_entries" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programme_stream_entries_org_name_idx" ON "programme_stream_entries" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programme_stream_entries_org_status_idx" ON "programme_stream_entries" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programme_stream_entries_org_programme_idx" ON "programme_stream_entries" USING btree ("org_id","programme_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programme_stream_entries_org_priority_idx" ON "programme_stream_entries" USING btree ("org_id","priority");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programme_stream_entries_org_start_idx" ON "programme_stream_entries" USING btree ("org_id","start_date");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programme_stream_entries_enabled_idx" ON "programme_stream_entries" USING btree ("id") WHERE status = 1;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "programme_stream_screens" (
	"device_id" integer PRIMARY KEY NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"entry_id" integer,
	"programme_id" integer,
	"default_programme_id" integer REFERENCES "screen_programmes"("id") ON DELETE set null,
	"render_base" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programme_stream_screens_entry_idx" ON "programme_stream_screens" USING btree ("entry_id") WHERE entry_id is not null;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "programme_stream_switches" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"at" timestamp with time zone NOT NULL,
	"device_id" integer NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"entry_id" integer REFERENCES "programme_stream_entries"("id") ON DELETE set null,
	"from_programme_id" integer,
	"to_programme_id" integer,
	"command_id" integer
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programme_stream_switches_org_at_idx" ON "programme_stream_switches" USING btree ("org_id","at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programme_stream_switches_org_device_idx" ON "programme_stream_switches" USING btree ("org_id","device_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programme_stream_switches_org_entry_idx" ON "programme_stream_switches" USING btree ("org_id","entry_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programme_stream_switches_org_kind_idx" ON "programme_stream_switches" USING btree ("org_id","kind");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programme_stream_switches_org_id_idx" ON "programme_stream_switches" USING btree ("org_id","id");
