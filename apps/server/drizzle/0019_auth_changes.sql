-- Changes that end or alter what a signed-in caller may do are announced on the channel 'cf_auth' at COMMIT, so
-- every API process can drop its cached authentication contexts (modules/auth/auth-cache.ts). Payloads:
--   f:<family id>  a session (refresh-token family) was revoked or deleted
--   u:<user id>    a user row changed (password/token version, enabled, deleted, role, organisation, flags)
--   r:<role id>    a role changed (its permissions) or was deleted
--   *              the organisation tree changed (who sees which organisations)
CREATE FUNCTION cf_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'refresh_tokens' THEN
    PERFORM pg_notify('cf_auth', 'f:' || OLD.family_id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('cf_auth', 'u:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'roles' THEN
    PERFORM pg_notify('cf_auth', 'r:' || OLD.id);
  ELSE
    PERFORM pg_notify('cf_auth', '*');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_auth_change AFTER UPDATE OF revoked_at OR DELETE ON refresh_tokens
  FOR EACH ROW EXECUTE FUNCTION cf_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION cf_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER roles_auth_change AFTER UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION cf_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER organisations_auth_change AFTER INSERT OR UPDATE OR DELETE ON organisations
  FOR EACH STATEMENT EXECUTE FUNCTION cf_notify_auth_change();
