-- Custom SQL migration file, put your code below! ---- The exam list (defineList) caches its total under table_versions (see 0021).
CREATE TRIGGER exams_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exams
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
CREATE TRIGGER exam_categories_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exam_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
