CREATE TABLE IF NOT EXISTS "ap_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"roaming_threshold" integer DEFAULT 0 NOT NULL,
	"lan_ports" integer DEFAULT 1 NOT NULL,
	"ssids" text NOT NULL,
	"radio_24" text NOT NULL,
	"radio_5" text NOT NULL,
	"up_limit_kbps" integer DEFAULT 0 NOT NULL,
	"down_limit_kbps" integer DEFAULT 0 NOT NULL,
	"whitelist" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ap_templates_org_updated_idx" ON "ap_templates" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ap_templates_org_name_idx" ON "ap_templates" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ap_templates_name_prefix_idx" ON "ap_templates" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ap_templates_updated_idx" ON "ap_templates" USING btree ("updated_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "lan_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lan_ports" integer DEFAULT 4 NOT NULL,
	"vlan" integer DEFAULT 1 NOT NULL,
	"dhcp" boolean DEFAULT true NOT NULL,
	"up_limit_kbps" integer DEFAULT 0 NOT NULL,
	"down_limit_kbps" integer DEFAULT 0 NOT NULL,
	"whitelist" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lan_templates_org_updated_idx" ON "lan_templates" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lan_templates_org_name_idx" ON "lan_templates" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lan_templates_name_prefix_idx" ON "lan_templates" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lan_templates_updated_idx" ON "lan_templates" USING btree ("updated_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "phone_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account" text NOT NULL,
	"password" text NOT NULL,
	"server" text NOT NULL,
	"port" integer DEFAULT 5060 NOT NULL,
	"register_interval_s" integer DEFAULT 300 NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_templates_org_updated_idx" ON "phone_templates" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_templates_org_name_idx" ON "phone_templates" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_templates_name_prefix_idx" ON "phone_templates" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_templates_updated_idx" ON "phone_templates" USING btree ("updated_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "device_configs" (
	"device_id" integer PRIMARY KEY NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"template_kind" text NOT NULL,
	"template_id" integer NOT NULL,
	"template_name" text NOT NULL,
	"config" jsonb NOT NULL,
	"version" integer NOT NULL,
	"command_id" integer REFERENCES "device_commands"("id") ON DELETE set null,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_configs_template_idx" ON "device_configs" USING btree ("template_kind","template_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_configs_org_idx" ON "device_configs" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_configs_command_idx" ON "device_configs" USING btree ("command_id");
