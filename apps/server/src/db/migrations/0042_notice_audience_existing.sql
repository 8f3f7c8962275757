-- Notices saved before audiences and rich text: their plain text becomes escaped paragraphs, and
-- each keeps reaching the people it reached in its organization (the organization's subtree).
UPDATE "notices" SET "content" = '<p>' || replace(replace(replace(replace("content", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\n', '</p><p>') || '</p>'
  WHERE "content" !~ '^\s*<';--> statement-breakpoint
INSERT INTO "audience_targets" ("owner_type", "owner_id", "target_type", "target_id")
  SELECT 'notice', "id", 'org', "org_id" FROM "notices" WHERE "org_id" IS NOT NULL AND "deleted_at" IS NULL
  ON CONFLICT DO NOTHING;
