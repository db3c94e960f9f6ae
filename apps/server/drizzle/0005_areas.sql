CREATE INDEX IF NOT EXISTS "suggestions_status_idx" ON "suggestions" USING btree ("status","created_at");
