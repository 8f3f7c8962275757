-- Custom SQL migration file, put your code below! ---- The exercise list (defineList) caches its total under table_versions (see 0021).
CREATE TRIGGER exercises_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exercises
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
