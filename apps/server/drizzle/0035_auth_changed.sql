-- Every instance keeps signed-in callers (session, account, organisation, permission keys) in memory; a change to
-- anything that decides them notifies `gx_auth_<schema>` at commit, and every instance forgets what it holds.
-- Statement-level, and only on the columns that matter: a session's sliding expiry or a sign-in stamp stays quiet.
CREATE OR REPLACE FUNCTION gx_auth_changed() RETURNS trigger AS $$
BEGIN
	PERFORM pg_notify('gx_auth_' || TG_TABLE_SCHEMA, TG_TABLE_NAME);
	RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_auth_changed" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OF "revoked_at", "org_id", "user_id", "token_hash" OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION gx_auth_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_auth_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OF "status", "current_org_id", "username", "nickname" OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION gx_auth_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "organizations_auth_changed" ON "organizations";--> statement-breakpoint
CREATE TRIGGER "organizations_auth_changed" AFTER UPDATE OF "status" OR DELETE OR TRUNCATE ON "organizations" FOR EACH STATEMENT EXECUTE FUNCTION gx_auth_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "roles_auth_changed" ON "roles";--> statement-breakpoint
CREATE TRIGGER "roles_auth_changed" AFTER UPDATE OF "status" OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION gx_auth_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_roles_auth_changed" ON "user_roles";--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION gx_auth_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "role_buttons_auth_changed" ON "role_buttons";--> statement-breakpoint
CREATE TRIGGER "role_buttons_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_buttons" FOR EACH STATEMENT EXECUTE FUNCTION gx_auth_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS "buttons_auth_changed" ON "buttons";--> statement-breakpoint
CREATE TRIGGER "buttons_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "buttons" FOR EACH STATEMENT EXECUTE FUNCTION gx_auth_changed();
