-- Sessions remember the organisation they work in, so an organisation sees and ends only its own sessions.
ALTER TABLE "sessions" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "sessions" SET "org_id" = "users"."current_org_id" FROM "users" WHERE "users"."id" = "sessions"."user_id";--> statement-breakpoint
CREATE INDEX "sessions_org_created_idx" ON "sessions" USING btree ("org_id","created_at");--> statement-breakpoint
-- Invitation codes expire; codes issued before this migration keep working for 30 days.
ALTER TABLE "organizations" ADD COLUMN "invite_expires_at" timestamp with time zone DEFAULT (now() + interval '30 days') NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "invite_expires_at" SET DEFAULT (now() + interval '7 days');--> statement-breakpoint
-- An order's payment comes from the platform, not the buyer: no tenant role keeps the key.
DELETE FROM "role_buttons" WHERE "button_id" IN (SELECT "id" FROM "buttons" WHERE "key" = 'system.order.pay') AND "role_id" IN (SELECT "id" FROM "roles" WHERE "org_id" <> 1);
