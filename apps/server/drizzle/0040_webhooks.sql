ALTER TABLE "dc_services" ADD COLUMN IF NOT EXISTS "webhook_events" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "dc_webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"event" text NOT NULL,
	"event_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text DEFAULT '' NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "dc_webhook_deliveries" ADD CONSTRAINT "dc_webhook_deliveries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "dc_webhook_deliveries" ADD CONSTRAINT "dc_webhook_deliveries_service_id_dc_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "dc_services"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "dc_webhook_deliveries_event_uq" ON "dc_webhook_deliveries" USING btree ("service_id","event_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dc_webhook_deliveries_due_idx" ON "dc_webhook_deliveries" USING btree ("next_at") WHERE "dc_webhook_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dc_webhook_deliveries_org_created_idx" ON "dc_webhook_deliveries" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dc_webhook_deliveries_org_service_idx" ON "dc_webhook_deliveries" USING btree ("org_id","service_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dc_webhook_deliveries_org_event_idx" ON "dc_webhook_deliveries" USING btree ("org_id","event");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dc_webhook_deliveries_org_state_idx" ON "dc_webhook_deliveries" USING btree ("org_id","state");
