CREATE TABLE IF NOT EXISTS "device_auths" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"code" text NOT NULL,
	"model_id" integer REFERENCES "device_models"("id") ON DELETE restrict,
	"serial" text DEFAULT '' NOT NULL,
	"feature" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"state" text DEFAULT 'active' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "device_auths_code_uq" ON "device_auths" USING btree ("code");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_auths_code_prefix_idx" ON "device_auths" USING btree (lower("code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_auths_serial_prefix_idx" ON "device_auths" USING btree (lower("serial") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_auths_org_created_idx" ON "device_auths" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_auths_org_feature_idx" ON "device_auths" USING btree ("org_id","feature");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_auths_org_state_idx" ON "device_auths" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_auths_org_serial_idx" ON "device_auths" USING btree ("org_id","serial");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_auths_org_valid_from_idx" ON "device_auths" USING btree ("org_id","valid_from");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_auths_org_valid_until_idx" ON "device_auths" USING btree ("org_id","valid_until");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_auths_model_idx" ON "device_auths" USING btree ("model_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "device_maintenance" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"serial" text NOT NULL,
	"fault" text NOT NULL,
	"handling" text DEFAULT 'repair' NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"engineer" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	"cost" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_maintenance_serial_prefix_idx" ON "device_maintenance" USING btree (lower("serial") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_maintenance_org_created_idx" ON "device_maintenance" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_maintenance_org_state_idx" ON "device_maintenance" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_maintenance_org_handling_idx" ON "device_maintenance" USING btree ("org_id","handling");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_maintenance_org_serial_idx" ON "device_maintenance" USING btree ("org_id","serial");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_maintenance_org_received_idx" ON "device_maintenance" USING btree ("org_id","received_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "device_type_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"image" text NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_type_images_family_idx" ON "device_type_images" USING btree ("family");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_type_images_status_idx" ON "device_type_images" USING btree ("status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_type_images_sort_idx" ON "device_type_images" USING btree ("sort");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_type_images_created_idx" ON "device_type_images" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "manufacturer_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" text NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "manufacturer_images_name_prefix_idx" ON "manufacturer_images" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "manufacturer_images_status_idx" ON "manufacturer_images" USING btree ("status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "manufacturer_images_sort_idx" ON "manufacturer_images" USING btree ("sort");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "manufacturer_images_created_idx" ON "manufacturer_images" USING btree ("created_at");
