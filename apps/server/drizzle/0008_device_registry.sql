CREATE TABLE "device_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"lan_ports" integer DEFAULT 0 NOT NULL,
	"wan_ports" integer DEFAULT 0 NOT NULL,
	"uplink_ports" integer DEFAULT 0 NOT NULL,
	"pon_ports" integer DEFAULT 0 NOT NULL,
	"max_onus" integer DEFAULT 0 NOT NULL,
	"max_clients" integer DEFAULT 0 NOT NULL,
	"max_aps" integer DEFAULT 0 NOT NULL,
	"sip_lines" integer DEFAULT 0 NOT NULL,
	"card_slots" integer DEFAULT 0 NOT NULL,
	"screen_inches" integer DEFAULT 0 NOT NULL,
	"radios" text DEFAULT 'none' NOT NULL,
	"commands" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"family" text NOT NULL,
	"model_id" integer NOT NULL,
	"authorization_number" text NOT NULL,
	"mac" text DEFAULT '' NOT NULL,
	"hw" text DEFAULT '' NOT NULL,
	"batch" text DEFAULT '' NOT NULL,
	"secret_hash" text NOT NULL,
	"state" text DEFAULT 'in_stock' NOT NULL,
	"org_id" integer,
	"device_id" integer,
	"claimed_at" timestamp with time zone,
	"bound_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"serial" text NOT NULL,
	"family" text NOT NULL,
	"model_id" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"serial" text NOT NULL,
	"family" text NOT NULL,
	"from_org_id" integer NOT NULL,
	"to_org_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"serial" text NOT NULL,
	"family" text NOT NULL,
	"from_org_id" integer NOT NULL,
	"to_org_id" integer NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "model_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "service_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "service_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "device_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_stock" ADD CONSTRAINT "device_stock_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "device_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_stock" ADD CONSTRAINT "device_stock_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_stock" ADD CONSTRAINT "device_stock_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_claims" ADD CONSTRAINT "device_claims_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_claims" ADD CONSTRAINT "device_claims_stock_id_device_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "device_stock"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_claims" ADD CONSTRAINT "device_claims_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "device_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_transfers" ADD CONSTRAINT "device_transfers_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_transfers" ADD CONSTRAINT "device_transfers_from_org_id_organizations_id_fk" FOREIGN KEY ("from_org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_transfers" ADD CONSTRAINT "device_transfers_to_org_id_organizations_id_fk" FOREIGN KEY ("to_org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_shares" ADD CONSTRAINT "device_shares_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_shares" ADD CONSTRAINT "device_shares_from_org_id_organizations_id_fk" FOREIGN KEY ("from_org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_shares" ADD CONSTRAINT "device_shares_to_org_id_organizations_id_fk" FOREIGN KEY ("to_org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_org_service_end_idx" ON "devices" USING btree ("org_id","service_end");--> statement-breakpoint
CREATE INDEX "devices_model_idx" ON "devices" USING btree ("model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_models_code_uq" ON "device_models" USING btree ("code");--> statement-breakpoint
CREATE INDEX "device_models_code_prefix_idx" ON "device_models" USING btree (lower("code") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "device_models_name_prefix_idx" ON "device_models" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "device_models_family_idx" ON "device_models" USING btree ("family");--> statement-breakpoint
CREATE INDEX "device_models_status_idx" ON "device_models" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "device_stock_serial_uq" ON "device_stock" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "device_stock_serial_prefix_idx" ON "device_stock" USING btree (lower("serial") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "device_stock_family_idx" ON "device_stock" USING btree ("family");--> statement-breakpoint
CREATE INDEX "device_stock_state_idx" ON "device_stock" USING btree ("state");--> statement-breakpoint
CREATE INDEX "device_stock_batch_idx" ON "device_stock" USING btree ("batch");--> statement-breakpoint
CREATE INDEX "device_stock_created_idx" ON "device_stock" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "device_stock_model_idx" ON "device_stock" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "device_stock_device_idx" ON "device_stock" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "device_claims_org_state_idx" ON "device_claims" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX "device_claims_state_idx" ON "device_claims" USING btree ("state");--> statement-breakpoint
CREATE INDEX "device_claims_serial_prefix_idx" ON "device_claims" USING btree (lower("serial") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "device_claims_org_serial_idx" ON "device_claims" USING btree ("org_id","serial");--> statement-breakpoint
CREATE INDEX "device_claims_created_idx" ON "device_claims" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "device_claims_org_created_idx" ON "device_claims" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "device_transfers_from_idx" ON "device_transfers" USING btree ("from_org_id","state");--> statement-breakpoint
CREATE INDEX "device_transfers_to_idx" ON "device_transfers" USING btree ("to_org_id","state");--> statement-breakpoint
CREATE INDEX "device_transfers_device_idx" ON "device_transfers" USING btree ("device_id","state");--> statement-breakpoint
CREATE INDEX "device_transfers_state_idx" ON "device_transfers" USING btree ("state");--> statement-breakpoint
CREATE INDEX "device_transfers_serial_prefix_idx" ON "device_transfers" USING btree (lower("serial") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "device_transfers_created_idx" ON "device_transfers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "device_shares_from_idx" ON "device_shares" USING btree ("from_org_id","state");--> statement-breakpoint
CREATE INDEX "device_shares_to_idx" ON "device_shares" USING btree ("to_org_id","state");--> statement-breakpoint
CREATE INDEX "device_shares_device_idx" ON "device_shares" USING btree ("device_id","state");--> statement-breakpoint
CREATE INDEX "device_shares_state_idx" ON "device_shares" USING btree ("state");--> statement-breakpoint
CREATE INDEX "device_shares_serial_prefix_idx" ON "device_shares" USING btree (lower("serial") text_pattern_ops);
