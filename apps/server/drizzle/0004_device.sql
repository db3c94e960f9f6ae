CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"serial" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"family" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"fw" text DEFAULT '' NOT NULL,
	"hw" text DEFAULT '' NOT NULL,
	"mac" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"heartbeat_s" integer DEFAULT 60 NOT NULL,
	"secret_hash" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"online" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"online_at" timestamp with time zone,
	"offline_at" timestamp with time zone,
	"snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"config_version" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"level" text NOT NULL,
	"code" text NOT NULL,
	"msg" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"name" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer,
	"result" jsonb,
	"batch" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_telemetry" (
	"device_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"metrics" jsonb NOT NULL
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "device_telemetry_default" PARTITION OF "device_telemetry" DEFAULT;
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_serial_uq" ON "devices" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "devices_serial_prefix_idx" ON "devices" USING btree (lower("serial") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "devices_name_prefix_idx" ON "devices" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "devices_org_serial_idx" ON "devices" USING btree ("org_id","serial");--> statement-breakpoint
CREATE INDEX "devices_org_name_idx" ON "devices" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "devices_org_family_idx" ON "devices" USING btree ("org_id","family");--> statement-breakpoint
CREATE INDEX "devices_org_online_idx" ON "devices" USING btree ("org_id","online");--> statement-breakpoint
CREATE INDEX "devices_org_status_idx" ON "devices" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "devices_org_last_seen_idx" ON "devices" USING btree ("org_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "devices_online_seen_idx" ON "devices" USING btree ("online","last_seen_at");--> statement-breakpoint
CREATE INDEX "device_events_org_device_idx" ON "device_events" USING btree ("org_id","device_id");--> statement-breakpoint
CREATE INDEX "device_events_org_level_idx" ON "device_events" USING btree ("org_id","level");--> statement-breakpoint
CREATE INDEX "device_events_org_created_idx" ON "device_events" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "device_events_device_idx" ON "device_events" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "device_commands_org_device_idx" ON "device_commands" USING btree ("org_id","device_id");--> statement-breakpoint
CREATE INDEX "device_commands_org_state_idx" ON "device_commands" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX "device_commands_org_batch_idx" ON "device_commands" USING btree ("org_id","batch");--> statement-breakpoint
CREATE INDEX "device_commands_org_created_idx" ON "device_commands" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "device_commands_device_state_idx" ON "device_commands" USING btree ("device_id","state");--> statement-breakpoint
CREATE INDEX "device_commands_state_expires_idx" ON "device_commands" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "device_telemetry_device_ts_idx" ON "device_telemetry" USING btree ("device_id","ts");
