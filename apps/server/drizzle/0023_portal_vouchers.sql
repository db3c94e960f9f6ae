ALTER TABLE "portal_settings" ADD COLUMN IF NOT EXISTS "auth_voucher" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "portal_vouchers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"place" text DEFAULT '' NOT NULL,
	"batch" text NOT NULL,
	"code" text NOT NULL,
	"uses" integer DEFAULT 1 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"session_minutes" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'unused' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "portal_vouchers_code_uq" ON "portal_vouchers" USING btree ("code");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_vouchers_org_batch_idx" ON "portal_vouchers" USING btree ("org_id","batch");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_vouchers_org_state_idx" ON "portal_vouchers" USING btree ("org_id","state");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_vouchers_org_valid_until_idx" ON "portal_vouchers" USING btree ("org_id","valid_until");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_vouchers_state_valid_until_idx" ON "portal_vouchers" USING btree ("state","valid_until");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "portal_voucher_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"voucher_id" bigint NOT NULL REFERENCES "portal_vouchers"("id") ON DELETE cascade,
	"mac" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_voucher_redemptions_voucher_idx" ON "portal_voucher_redemptions" USING btree ("voucher_id","created_at");
