-- Every way of creating a user names an organization; a user left without one joins the root.
UPDATE "users" SET "org_id" = (SELECT "id" FROM "organizations" WHERE "parent_id" IS NULL ORDER BY "id" LIMIT 1) WHERE "org_id" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "org_id" SET NOT NULL;
