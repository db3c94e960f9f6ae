CREATE TABLE IF NOT EXISTS "alarm_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"family" text,
	"model" text,
	"metric" text NOT NULL,
	"operator" text DEFAULT 'gt' NOT NULL,
	"threshold" double precision DEFAULT 0 NOT NULL,
	"threshold_high" double precision,
	"duration_s" integer DEFAULT 60 NOT NULL,
	"severity" text DEFAULT 'major' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alarm_rules_org_idx" ON "alarm_rules" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alarm_rules_org_name_idx" ON "alarm_rules" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alarm_rules_name_prefix_idx" ON "alarm_rules" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alarm_rules_org_severity_idx" ON "alarm_rules" USING btree ("org_id","severity");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alarm_rules_org_status_idx" ON "alarm_rules" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alarm_rules_metric_idx" ON "alarm_rules" USING btree ("metric","status");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "device_alarms" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"rule_id" integer NOT NULL REFERENCES "alarm_rules"("id") ON DELETE cascade,
	"device_id" integer NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"severity" text NOT NULL,
	"metric" text NOT NULL,
	"state" text DEFAULT 'raised' NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"value" double precision,
	"raised_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by_id" integer,
	"cleared_at" timestamp with time zone,
	"cleared_by_id" integer,
	"clear_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "device_alarms_active_uq" ON "device_alarms" USING btree ("rule_id","device_id") WHERE "active" = 1;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_alarms_rule_device_idx" ON "device_alarms" USING btree ("rule_id","device_id","raised_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_alarms_device_active_idx" ON "device_alarms" USING btree ("device_id","active");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_alarms_org_raised_idx" ON "device_alarms" USING btree ("org_id","raised_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_alarms_org_active_idx" ON "device_alarms" USING btree ("org_id","active","severity");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_alarms_org_severity_idx" ON "device_alarms" USING btree ("org_id","severity");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_alarms_org_state_idx" ON "device_alarms" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_alarms_org_device_idx" ON "device_alarms" USING btree ("org_id","device_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "alarm_conditions" (
	"rule_id" integer NOT NULL REFERENCES "alarm_rules"("id") ON DELETE cascade,
	"device_id" integer NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"since" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	PRIMARY KEY ("rule_id","device_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alarm_conditions_since_idx" ON "alarm_conditions" USING btree ("since");--> statement-breakpoint
CREATE OR REPLACE FUNCTION gx_default_alarm_rules() RETURNS trigger AS $$
BEGIN
	INSERT INTO "alarm_rules" ("org_id","name","family","model","metric","operator","threshold","threshold_high","duration_s","severity")
	VALUES
		(NEW."id", '设备离线 / Device offline', NULL, NULL, 'offline', 'gte', 1, NULL, 300, 'major'),
		(NEW."id", '光功率越限 / Optical power out of range', NULL, NULL, 'rx_power_dbm', 'outside', -27, -8, 60, 'minor');
	RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS "organizations_default_alarm_rules" ON "organizations";--> statement-breakpoint
CREATE TRIGGER "organizations_default_alarm_rules" AFTER INSERT ON "organizations" FOR EACH ROW EXECUTE FUNCTION gx_default_alarm_rules();--> statement-breakpoint
INSERT INTO "alarm_rules" ("org_id","name","family","model","metric","operator","threshold","threshold_high","duration_s","severity")
SELECT o."id", r.name, NULL, NULL, r.metric, r.op, r.lo, r.hi, r.dur, r.sev
FROM "organizations" o
CROSS JOIN (VALUES
	('设备离线 / Device offline', 'offline', 'gte', 1::double precision, NULL::double precision, 300, 'major'),
	('光功率越限 / Optical power out of range', 'rx_power_dbm', 'outside', -27::double precision, -8::double precision, 60, 'minor')
) AS r(name, metric, op, lo, hi, dur, sev)
WHERE NOT EXISTS (SELECT 1 FROM "alarm_rules" x WHERE x."org_id" = o."id" AND x."metric" = r.metric);
