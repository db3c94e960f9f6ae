-- Plugin library and plugin log (issue 15): plugins with versioned packages, pushed to devices as commands.
CREATE TABLE IF NOT EXISTS "business_plugins" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"families" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "business_plugins_org_name_uq" ON "business_plugins" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugins_name_prefix_idx" ON "business_plugins" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugins_families_idx" ON "business_plugins" USING gin (string_to_array(lower("families"), ','));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugins_org_created_idx" ON "business_plugins" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "business_plugin_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"plugin_id" integer NOT NULL REFERENCES "business_plugins"("id") ON DELETE cascade,
	"version" text NOT NULL,
	"filename" text DEFAULT '' NOT NULL,
	"file_key" text NOT NULL,
	"file_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "business_plugin_versions_plugin_version_uq" ON "business_plugin_versions" USING btree ("plugin_id","version");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugin_versions_version_prefix_idx" ON "business_plugin_versions" USING btree (lower("version") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugin_versions_org_plugin_idx" ON "business_plugin_versions" USING btree ("org_id","plugin_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugin_versions_org_version_idx" ON "business_plugin_versions" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugin_versions_org_created_idx" ON "business_plugin_versions" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "business_plugin_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"plugin_id" integer NOT NULL REFERENCES "business_plugins"("id"),
	"version_id" integer NOT NULL REFERENCES "business_plugin_versions"("id"),
	"plugin_name" text NOT NULL,
	"version" text NOT NULL,
	"device_id" integer NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"serial" text NOT NULL,
	"action" text NOT NULL,
	"command_id" integer REFERENCES "device_commands"("id") ON DELETE set null,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer,
	"result_code" text DEFAULT '' NOT NULL,
	"result_msg" text DEFAULT '' NOT NULL,
	"finished_at" timestamp with time zone,
	"token" text,
	"link_expires_at" timestamp with time zone,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugin_logs_org_created_idx" ON "business_plugin_logs" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugin_logs_org_state_idx" ON "business_plugin_logs" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugin_logs_org_plugin_idx" ON "business_plugin_logs" USING btree ("org_id","plugin_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugin_logs_org_device_idx" ON "business_plugin_logs" USING btree ("org_id","device_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugin_logs_org_action_idx" ON "business_plugin_logs" USING btree ("org_id","action");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugin_logs_plugin_idx" ON "business_plugin_logs" USING btree ("plugin_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugin_logs_version_idx" ON "business_plugin_logs" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugin_logs_device_idx" ON "business_plugin_logs" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugin_logs_command_idx" ON "business_plugin_logs" USING btree ("command_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_plugin_logs_token_idx" ON "business_plugin_logs" USING btree ("token");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "device_plugins" (
	"device_id" integer NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_plugins_device_id_name_pk" PRIMARY KEY("device_id","name")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_plugins_name_idx" ON "device_plugins" USING btree ("name","device_id");--> statement-breakpoint
-- The log follows its command in the same transaction as every move of the command (whichever instance or sweep
-- moves it), so no message can be lost between them; a succeeded install or removal updates what the device has.
-- The parameters are the server's own (name and version it sent), never the device's words.
CREATE OR REPLACE FUNCTION gx_plugin_command_moved() RETURNS trigger AS $$
BEGIN
	UPDATE "business_plugin_logs" SET
		"state" = NEW."state",
		"progress" = NEW."progress",
		"result_code" = left(coalesce(NEW."result"->>'code', ''), 64),
		"result_msg" = left(coalesce(NEW."result"->>'msg', ''), 1024),
		"finished_at" = NEW."finished_at"
	WHERE "command_id" = NEW."id";
	IF NEW."state" = 'succeeded' AND OLD."state" IS DISTINCT FROM 'succeeded' THEN
		IF NEW."name" = 'plugin_install' THEN
			INSERT INTO "device_plugins" ("device_id", "name", "version", "installed_at")
			VALUES (NEW."device_id", NEW."params"->>'name', NEW."params"->>'version', coalesce(NEW."finished_at", now()))
			ON CONFLICT ("device_id", "name") DO UPDATE SET "version" = EXCLUDED."version", "installed_at" = EXCLUDED."installed_at";
		ELSE
			DELETE FROM "device_plugins" WHERE "device_id" = NEW."device_id" AND "name" = NEW."params"->>'name';
		END IF;
	END IF;
	RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS "device_commands_plugin_log" ON "device_commands";--> statement-breakpoint
CREATE TRIGGER "device_commands_plugin_log" AFTER UPDATE OF "state", "progress", "result" ON "device_commands" FOR EACH ROW WHEN (NEW."name" IN ('plugin_install', 'plugin_remove')) EXECUTE FUNCTION gx_plugin_command_moved();
