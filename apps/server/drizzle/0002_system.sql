CREATE TABLE "authority_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"menu_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"button_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clusters" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"api_url" text DEFAULT '' NOT NULL,
	"broker_url" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"cloud_app_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_clusters" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"cluster_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_managers" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"leader_id" integer,
	"phone" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_configs" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "org_members" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cloud_app_id_cloud_apps_id_fk" FOREIGN KEY ("cloud_app_id") REFERENCES "cloud_apps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_clusters" ADD CONSTRAINT "organization_clusters_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_clusters" ADD CONSTRAINT "organization_clusters_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_managers" ADD CONSTRAINT "organization_managers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_managers" ADD CONSTRAINT "organization_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authority_groups_name_prefix_idx" ON "authority_groups" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "authority_groups_name_idx" ON "authority_groups" USING btree ("name");--> statement-breakpoint
CREATE INDEX "authority_groups_created_idx" ON "authority_groups" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_apps_code_uq" ON "cloud_apps" USING btree ("code");--> statement-breakpoint
CREATE INDEX "cloud_apps_name_prefix_idx" ON "cloud_apps" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cloud_apps_name_idx" ON "cloud_apps" USING btree ("name");--> statement-breakpoint
CREATE INDEX "cloud_apps_sort_idx" ON "cloud_apps" USING btree ("sort");--> statement-breakpoint
CREATE INDEX "cloud_apps_price_idx" ON "cloud_apps" USING btree ("price");--> statement-breakpoint
CREATE INDEX "cloud_apps_status_idx" ON "cloud_apps" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "clusters_code_uq" ON "clusters" USING btree ("code");--> statement-breakpoint
CREATE INDEX "clusters_name_prefix_idx" ON "clusters" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clusters_name_idx" ON "clusters" USING btree ("name");--> statement-breakpoint
CREATE INDEX "clusters_status_idx" ON "clusters" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_uq" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_order_no_prefix_idx" ON "orders" USING btree (lower("order_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_org_created_idx" ON "orders" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_org_amount_idx" ON "orders" USING btree ("org_id","amount");--> statement-breakpoint
CREATE INDEX "orders_org_status_idx" ON "orders" USING btree ("org_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_clusters_org_uq" ON "organization_clusters" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "organization_clusters_cluster_idx" ON "organization_clusters" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "organization_clusters_created_idx" ON "organization_clusters" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_managers_org_user_uq" ON "organization_managers" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE INDEX "organization_managers_org_created_idx" ON "organization_managers" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "units_org_sort_idx" ON "units" USING btree ("org_id","sort");--> statement-breakpoint
CREATE INDEX "units_org_name_idx" ON "units" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "units_org_created_idx" ON "units" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "units_parent_idx" ON "units" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "units_name_prefix_idx" ON "units" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "buttons_key_prefix_idx" ON "buttons" USING btree (lower("key") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "buttons_title_prefix_idx" ON "buttons" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "buttons_menu_idx" ON "buttons" USING btree ("menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "domain_configs_id_uq" ON "domain_configs" USING btree ("id");--> statement-breakpoint
CREATE INDEX "domain_configs_domain_prefix_idx" ON "domain_configs" USING btree (lower("domain") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "domain_configs_org_idx" ON "domain_configs" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "domain_configs_updated_idx" ON "domain_configs" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "menus_name_prefix_idx" ON "menus" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "menus_path_prefix_idx" ON "menus" USING btree (lower("path") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "menus_sort_idx" ON "menus" USING btree ("sort");--> statement-breakpoint
CREATE INDEX "operation_log_action_prefix_idx" ON "operation_log" USING btree (lower("action") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "operation_log_username_prefix_idx" ON "operation_log" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "operation_log_ip_prefix_idx" ON "operation_log" USING btree (lower("ip") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "operation_log_target_idx" ON "operation_log" USING btree ("target");--> statement-breakpoint
CREATE UNIQUE INDEX "org_members_id_uq" ON "org_members" USING btree ("id");--> statement-breakpoint
CREATE INDEX "org_members_created_idx" ON "org_members" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "organizations_name_idx" ON "organizations" USING btree ("name");--> statement-breakpoint
CREATE INDEX "organizations_name_prefix_idx" ON "organizations" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "organizations_status_idx" ON "organizations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "organizations_created_idx" ON "organizations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "roles_org_name_idx" ON "roles" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "roles_org_created_idx" ON "roles" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "roles_name_prefix_idx" ON "roles" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "roles_status_idx" ON "roles" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sessions_created_idx" ON "sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_last_seen_idx" ON "sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "sessions_ip_prefix_idx" ON "sessions" USING btree (lower("ip") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_username_idx" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_nickname_prefix_idx" ON "users" USING btree (lower("nickname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_cellphone_prefix_idx" ON "users" USING btree (lower("cellphone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "users" USING btree ("last_login_at");