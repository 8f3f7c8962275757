ALTER TABLE "label_categories" ALTER COLUMN "name" SET DATA TYPE varchar(30);--> statement-breakpoint
ALTER TABLE "notices" ALTER COLUMN "title" SET DATA TYPE varchar(200);--> statement-breakpoint
CREATE TABLE "dict_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200),
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dict_types_code_uq" ON "dict_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_types_name_uq" ON "dict_types" USING btree ("name");--> statement-breakpoint
-- The types read by the users module, then every type entries already use.
INSERT INTO "dict_types" ("code", "name", "sort", "builtin") VALUES ('user-type', 'user-type', 1, true), ('city', 'city', 2, true), ('team', 'team', 3, true);--> statement-breakpoint
INSERT INTO "dict_types" ("code", "name") SELECT DISTINCT "type", "type" FROM "dict_entries" ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Values users already hold stay selectable: each becomes an entry of its type.
INSERT INTO "dict_entries" ("type", "label", "value") SELECT DISTINCT 'user-type', "type", "type" FROM "users" WHERE "type" IS NOT NULL AND length("type") <= 50 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dict_entries" ("type", "label", "value") SELECT DISTINCT 'city', "city", "city" FROM "users" WHERE "city" IS NOT NULL AND length("city") <= 50 ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "dict_entries" ("type", "label", "value") SELECT DISTINCT 'team', "team", "team" FROM "users" WHERE "team" IS NOT NULL AND length("team") <= 50 ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "dict_entries" ADD CONSTRAINT "dict_entries_type_dict_types_code_fk" FOREIGN KEY ("type") REFERENCES "public"."dict_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_id_number_uq" ON "users" USING btree (upper("id_number"));