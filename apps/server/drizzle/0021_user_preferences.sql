CREATE TABLE IF NOT EXISTS "user_preferences" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_user_id_key_pk" PRIMARY KEY("user_id","key")
);
