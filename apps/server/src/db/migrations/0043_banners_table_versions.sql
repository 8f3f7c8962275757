-- The banner list on defineList (platform/list.ts) caches its total under table_versions (like 0021).
CREATE TRIGGER banners_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
