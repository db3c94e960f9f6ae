CREATE TABLE IF NOT EXISTS "timed_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"schedule_kind" text DEFAULT 'cron' NOT NULL,
	"cron" text,
	"run_at" timestamp with time zone,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"action_kind" text DEFAULT 'command' NOT NULL,
	"command_name" text,
	"command_params" text,
	"template_kind" text,
	"template_id" integer,
	"device_ids" integer[] DEFAULT '{}' NOT NULL,
	"filter_family" text,
	"filter_model" text,
	"filter_online" integer,
	"missed_policy" text DEFAULT 'skip' NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_outcome" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timed_tasks_name_prefix_idx" ON "timed_tasks" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timed_tasks_org_name_idx" ON "timed_tasks" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timed_tasks_org_status_idx" ON "timed_tasks" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timed_tasks_org_action_idx" ON "timed_tasks" USING btree ("org_id","action_kind");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timed_tasks_org_next_idx" ON "timed_tasks" USING btree ("org_id","next_run_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timed_tasks_org_last_idx" ON "timed_tasks" USING btree ("org_id","last_run_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timed_tasks_due_idx" ON "timed_tasks" USING btree ("next_run_at") WHERE status = 1 and next_run_at is not null;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "timed_task_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"task_id" integer NOT NULL REFERENCES "timed_tasks"("id") ON DELETE cascade,
	"due_at" timestamp with time zone NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"batch" text DEFAULT '' NOT NULL,
	"devices" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timed_task_runs_org_task_idx" ON "timed_task_runs" USING btree ("org_id","task_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timed_task_runs_org_outcome_idx" ON "timed_task_runs" USING btree ("org_id","outcome");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timed_task_runs_org_due_idx" ON "timed_task_runs" USING btree ("org_id","due_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timed_task_runs_org_ran_idx" ON "timed_task_runs" USING btree ("org_id","ran_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timed_task_runs_org_id_idx" ON "timed_task_runs" USING btree ("org_id","id");
