-- Materialized path and depth of the professional tree for rows that existed before the columns.
WITH RECURSIVE walk AS (
  SELECT id, '/' || id || '/' AS path, 1 AS depth FROM professionals WHERE parent_id IS NULL
  UNION ALL
  SELECT p.id, walk.path || p.id || '/', walk.depth + 1 FROM professionals p JOIN walk ON p.parent_id = walk.id
)
UPDATE professionals SET path = walk.path, depth = walk.depth FROM walk WHERE professionals.id = walk.id;
