-- The courseware list (defineList) caches its totals under table_versions (see 0007, 0021).
CREATE TRIGGER coursewares_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON coursewares
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER courseware_categories_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON courseware_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
