CREATE TABLE IF NOT EXISTS "gateway_scenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"place_id" integer NOT NULL REFERENCES "gateway_places"("id") ON DELETE cascade,
	"enabled" boolean DEFAULT true NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"cron" text,
	"time_zone" text,
	"event_code" text,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_command_id" integer,
	"last_event_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gateway_scenes_name_prefix_idx" ON "gateway_scenes" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gateway_scenes_org_name_idx" ON "gateway_scenes" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gateway_scenes_org_place_idx" ON "gateway_scenes" USING btree ("org_id","place_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gateway_scenes_org_trigger_idx" ON "gateway_scenes" USING btree ("org_id","trigger");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gateway_scenes_org_last_run_idx" ON "gateway_scenes" USING btree ("org_id","last_run_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gateway_scenes_org_updated_idx" ON "gateway_scenes" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gateway_scenes_place_idx" ON "gateway_scenes" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gateway_scenes_due_idx" ON "gateway_scenes" USING btree ("next_run_at");
