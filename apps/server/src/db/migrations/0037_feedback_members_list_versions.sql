-- Custom SQL migration file, put your code below! ---- The feedback and learning-group member lists moved onto defineList (platform/list.ts) cache their totals under table_versions (see 0021).
CREATE TRIGGER feedback_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON feedback
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER learning_group_members_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON learning_group_members
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
