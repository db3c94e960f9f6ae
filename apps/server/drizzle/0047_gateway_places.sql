CREATE TABLE IF NOT EXISTS "gateway_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"gateway_id" integer NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"room" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gateway_places_name_prefix_idx" ON "gateway_places" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gateway_places_org_name_idx" ON "gateway_places" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gateway_places_org_gateway_idx" ON "gateway_places" USING btree ("org_id","gateway_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gateway_places_org_updated_idx" ON "gateway_places" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gateway_places_gateway_idx" ON "gateway_places" USING btree ("gateway_id");
