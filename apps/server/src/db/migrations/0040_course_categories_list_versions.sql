-- Custom SQL migration file, put your code below! ---- The course list (defineList) filters on the classification subtree: its total is cached under table_versions (see 0021).
CREATE TRIGGER course_categories_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
