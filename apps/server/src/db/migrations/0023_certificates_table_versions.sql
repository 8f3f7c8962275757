-- Certificate lists on defineList (platform/list.ts) cache their totals under table_versions:
-- every table a list counts bumps its version once per writing statement (like 0021).
CREATE TRIGGER certificate_templates_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON certificate_templates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER certificates_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON certificates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
