-- The textbook list (defineList) caches its totals under table_versions (see 0007, 0021).
CREATE TRIGGER textbooks_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON textbooks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER textbook_categories_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON textbook_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
