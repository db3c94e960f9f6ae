ALTER TABLE "timed_task_runs" ADD COLUMN IF NOT EXISTS "trigger" text DEFAULT 'schedule' NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timed_task_runs_org_trigger_idx" ON "timed_task_runs" USING btree ("org_id","trigger");
