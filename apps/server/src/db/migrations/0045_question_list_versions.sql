-- Custom SQL migration file, put your code below! ---- The question list (defineList) caches its total under table_versions (see 0021).
CREATE TRIGGER questions_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
CREATE TRIGGER question_categories_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON question_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
