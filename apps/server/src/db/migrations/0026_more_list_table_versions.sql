-- Custom SQL migration file, put your code below! ---- More lists on defineList (platform/list.ts) cache their totals under table_versions (see 0021).
CREATE TRIGGER mail_logs_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mail_logs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER notices_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON notices
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER messages_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON messages
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER registrations_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON registrations
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
