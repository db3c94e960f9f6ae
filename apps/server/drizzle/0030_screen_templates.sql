CREATE TABLE "screen_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"preset" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "screen_templates_org_idx" ON "screen_templates" USING btree ("org_id","updated_at");
--> statement-breakpoint
CREATE TABLE "screen_template_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL REFERENCES "screen_templates"("id") ON DELETE cascade,
	"version" integer NOT NULL,
	"layout" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "screen_template_versions_uq" ON "screen_template_versions" USING btree ("template_id","version");
--> statement-breakpoint
CREATE TABLE "screen_programmes" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_at" text DEFAULT '00:00' NOT NULL,
	"end_at" text DEFAULT '00:00' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "screen_programmes_org_idx" ON "screen_programmes" USING btree ("org_id");
--> statement-breakpoint
CREATE TABLE "screen_assignments" (
	"device_id" integer PRIMARY KEY NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"org_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"programme_id" integer NOT NULL REFERENCES "screen_programmes"("id") ON DELETE cascade,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "screen_assignments_token_uq" ON "screen_assignments" USING btree ("token");
--> statement-breakpoint
CREATE INDEX "screen_assignments_programme_idx" ON "screen_assignments" USING btree ("programme_id");
