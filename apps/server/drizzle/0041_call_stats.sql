CREATE TABLE IF NOT EXISTS "dc_call_days" (
	"service_id" integer NOT NULL,
	"day" date NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"total_ms" integer DEFAULT 0 NOT NULL,
	"max_ms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dc_call_days_service_id_day_pk" PRIMARY KEY("service_id","day")
);--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "dc_call_days" ADD CONSTRAINT "dc_call_days_service_id_dc_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "dc_services"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;
