CREATE TABLE IF NOT EXISTS "project_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"happened_at" timestamp with time zone NOT NULL,
	"kind" text DEFAULT 'progress' NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_logs_org_happened_idx" ON "project_logs" USING btree ("org_id","happened_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_logs_org_project_idx" ON "project_logs" USING btree ("org_id","project_id","happened_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_logs_org_kind_idx" ON "project_logs" USING btree ("org_id","kind");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_logs_created_by_idx" ON "project_logs" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_logs_title_prefix_idx" ON "project_logs" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "project_portal_platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "project_portal_platforms_project_uq" ON "project_portal_platforms" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_portal_platforms_org_project_idx" ON "project_portal_platforms" USING btree ("org_id","project_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_portal_platforms_org_status_idx" ON "project_portal_platforms" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_portal_platforms_org_updated_idx" ON "project_portal_platforms" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_portal_platforms_name_prefix_idx" ON "project_portal_platforms" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "project_networks" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"site" text NOT NULL,
	"vlan_id" integer NOT NULL,
	"subnet" text NOT NULL,
	"gateway_ip" text DEFAULT '' NOT NULL,
	"purpose" text DEFAULT 'guest' NOT NULL,
	"dhcp" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "project_networks_project_site_vlan_uq" ON "project_networks" USING btree ("project_id","site","vlan_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_networks_org_project_idx" ON "project_networks" USING btree ("org_id","project_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_networks_org_vlan_idx" ON "project_networks" USING btree ("org_id","vlan_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_networks_org_purpose_idx" ON "project_networks" USING btree ("org_id","purpose");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_networks_site_prefix_idx" ON "project_networks" USING btree (lower("site") text_pattern_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "conglomerates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "conglomerates_name_uq" ON "conglomerates" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "conglomerates_code_uq" ON "conglomerates" USING btree ("code");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conglomerates_name_prefix_idx" ON "conglomerates" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conglomerates_code_prefix_idx" ON "conglomerates" USING btree (lower("code") text_pattern_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "conglomerate_orgs" (
	"conglomerate_id" integer NOT NULL REFERENCES "conglomerates"("id") ON DELETE cascade,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "conglomerate_orgs_org_uq" ON "conglomerate_orgs" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conglomerate_orgs_conglomerate_idx" ON "conglomerate_orgs" USING btree ("conglomerate_id");
