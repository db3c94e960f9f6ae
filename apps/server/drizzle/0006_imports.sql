-- A new account's gender is "not specified" (2) until chosen; existing accounts keep what they have.
ALTER TABLE "users" ALTER COLUMN "sex" SET DEFAULT 2;
