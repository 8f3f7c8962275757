-- Lists on defineList (platform/list.ts) cache their totals under table_versions: every table a
-- list counts bumps its version once per writing statement, like users (0007).
CREATE TRIGGER positions_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON positions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER position_labels_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON position_labels
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER dict_entries_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dict_entries
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER app_versions_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app_versions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER lecturers_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lecturers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER teacher_levels_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON teacher_levels
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER learning_groups_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON learning_groups
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER roles_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER label_categories_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON label_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
CREATE TRIGGER labels_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON labels
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
