-- The Q&A list counts through the list kernel's remembered totals: its table's writes must bump
-- its version like every other listed table (the migration 0063_qa left the trigger out).
CREATE TRIGGER qa_entries_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON qa_entries
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
