-- Self-service accounts (issue 13 point 5): registration codes are kept beside the portal's guest codes, without an
-- organisation; WeChat sign-in states belong to nobody yet; a scanned identity waits under a single-use ticket.
ALTER TABLE "portal_challenges" ALTER COLUMN "org_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "wechat_states" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "wechat_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"unionid" text DEFAULT '' NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "wechat_tickets_expires_idx" ON "wechat_tickets" USING btree ("expires_at");
