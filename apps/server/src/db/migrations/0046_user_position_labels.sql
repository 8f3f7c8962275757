CREATE TABLE "user_labels" (
	"user_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "user_labels_pk" PRIMARY KEY("user_id","label_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "position_id" integer;--> statement-breakpoint
ALTER TABLE "user_labels" ADD CONSTRAINT "user_labels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_labels" ADD CONSTRAINT "user_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_labels_label_idx" ON "user_labels" USING btree ("label_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_position_id_idx" ON "users" USING btree ("position_id");--> statement-breakpoint
-- Posts typed by hand become positions (a name not yet in the catalogue is added, at the end),
-- then every user holds their post's position by id.
INSERT INTO "positions" ("name", "sort")
SELECT n.name, (SELECT coalesce(max("sort"), -1) FROM "positions") + row_number() OVER (ORDER BY n.name)
  FROM (SELECT DISTINCT trim("post") AS name FROM "users" WHERE trim(coalesce("post", '')) <> '' AND char_length(trim("post")) <= 30) n
 WHERE NOT EXISTS (SELECT 1 FROM "positions" p WHERE p."name" = n.name);--> statement-breakpoint
UPDATE "users" u SET "position_id" = p."id" FROM "positions" p WHERE p."name" = trim(u."post");--> statement-breakpoint
-- Free-text user labels found in the catalogue (labels of a `user` category) are kept.
INSERT INTO "user_labels" ("user_id", "label_id")
SELECT DISTINCT u."id", l."id"
  FROM "users" u CROSS JOIN LATERAL unnest(u."labels") AS t(name)
  JOIN "labels" l ON l."name" = trim(t.name)
  JOIN "label_categories" c ON c."id" = l."category_id" AND c."kind" = 'user'
ON CONFLICT DO NOTHING;
