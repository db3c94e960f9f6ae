CREATE TABLE IF NOT EXISTS "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"order_no" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"device_id" integer REFERENCES "devices"("id") ON DELETE set null,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone,
	"assignee_id" integer REFERENCES "users"("id") ON DELETE set null,
	"resolution" text DEFAULT '' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "work_orders_order_no_uq" ON "work_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_orders_order_no_prefix_idx" ON "work_orders" USING btree (lower("order_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_orders_title_prefix_idx" ON "work_orders" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_orders_org_created_idx" ON "work_orders" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_orders_org_status_idx" ON "work_orders" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_orders_org_priority_idx" ON "work_orders" USING btree ("org_id","priority");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_orders_org_assignee_idx" ON "work_orders" USING btree ("org_id","assignee_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_orders_org_due_idx" ON "work_orders" USING btree ("org_id","due_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_orders_device_idx" ON "work_orders" USING btree ("device_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "work_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL REFERENCES "work_orders"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"action" text DEFAULT '' NOT NULL,
	"from_state" text DEFAULT '' NOT NULL,
	"to_state" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_order_events_order_idx" ON "work_order_events" USING btree ("work_order_id","id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"customer" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"manager_id" integer REFERENCES "users"("id") ON DELETE set null,
	"starts_on" timestamp with time zone,
	"ends_on" timestamp with time zone,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_name_prefix_idx" ON "projects" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_org_name_idx" ON "projects" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_org_status_idx" ON "projects" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_org_id_idx" ON "projects" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_manager_idx" ON "projects" USING btree ("manager_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "project_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"role" text DEFAULT 'engineer' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "project_members_project_user_uq" ON "project_members" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_members_org_project_idx" ON "project_members" USING btree ("org_id","project_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_members_org_role_idx" ON "project_members" USING btree ("org_id","role");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_members_user_idx" ON "project_members" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "phone_book_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE restrict,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "phone_book_project_phone_uq" ON "phone_book_entries" USING btree ("project_id","phone");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_book_name_prefix_idx" ON "phone_book_entries" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_book_phone_prefix_idx" ON "phone_book_entries" USING btree (lower("phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_book_org_name_idx" ON "phone_book_entries" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "phone_book_org_project_idx" ON "phone_book_entries" USING btree ("org_id","project_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "website_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "website_contents_title_prefix_idx" ON "website_contents" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "website_contents_kind_sort_idx" ON "website_contents" USING btree ("kind","status","sort");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "website_contents_status_idx" ON "website_contents" USING btree ("status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "website_contents_sort_idx" ON "website_contents" USING btree ("sort");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "website_contents_updated_idx" ON "website_contents" USING btree ("updated_at");
