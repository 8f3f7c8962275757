-- Custom SQL migration file, put your code below! ---- Assignments are listed through defineList (platform/list.ts): totals cached under table_versions (see 0021).
CREATE TRIGGER learn_assignments_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON learn_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
