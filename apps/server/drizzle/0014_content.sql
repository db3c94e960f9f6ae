CREATE TABLE IF NOT EXISTS "consult_classifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"parent_id" integer REFERENCES "consult_classifications"("id"),
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_classifications_org_sort_idx" ON "consult_classifications" USING btree ("org_id","sort");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_classifications_org_created_idx" ON "consult_classifications" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_classifications_org_status_idx" ON "consult_classifications" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_classifications_parent_idx" ON "consult_classifications" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_classifications_name_prefix_idx" ON "consult_classifications" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "consult_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"classification_id" integer NOT NULL REFERENCES "consult_classifications"("id"),
	"cover" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"publish_at" timestamp with time zone,
	"state" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_articles_org_updated_idx" ON "consult_articles" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_articles_org_published_idx" ON "consult_articles" USING btree ("org_id","published_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_articles_org_state_idx" ON "consult_articles" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_articles_org_class_idx" ON "consult_articles" USING btree ("org_id","classification_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_articles_classification_idx" ON "consult_articles" USING btree ("classification_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_articles_org_id_idx" ON "consult_articles" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consult_articles_title_prefix_idx" ON "consult_articles" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "dc_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"callback_url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scopes" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"app_key" text,
	"secret_hash" text,
	"secret_issued_at" timestamp with time zone,
	"audited_by" integer,
	"audited_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dc_services_org_created_idx" ON "dc_services" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dc_services_org_state_idx" ON "dc_services" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dc_services_created_idx" ON "dc_services" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dc_services_state_idx" ON "dc_services" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "dc_services_app_key_idx" ON "dc_services" USING btree ("app_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dc_services_name_prefix_idx" ON "dc_services" USING btree (lower("name") text_pattern_ops);
