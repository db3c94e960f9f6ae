-- Notification content moved onto the resource engine (issue 9 point 4): its list filters by status and finds
-- titles by prefix, each served by an index.
CREATE INDEX IF NOT EXISTS "notifications_org_status_idx" ON "notifications" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_title_prefix_idx" ON "notifications" USING btree (lower("title") text_pattern_ops);
