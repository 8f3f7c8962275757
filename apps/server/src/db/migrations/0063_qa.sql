CREATE TABLE "qa_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"kind" varchar(16) DEFAULT 'answer' NOT NULL,
	"content" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "qa_answers_kind_check" CHECK ("qa_answers"."kind" in ('answer', 'followUp'))
);
--> statement-breakpoint
CREATE TABLE "qa_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"category" varchar(30),
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "qa_entries_status_check" CHECK ("qa_entries"."status" in ('draft', 'released', 'unreleased')),
	CONSTRAINT "qa_entries_answer_count_check" CHECK ("qa_entries"."answer_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "qa_answers" ADD CONSTRAINT "qa_answers_entry_id_qa_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."qa_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_answers" ADD CONSTRAINT "qa_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_entries" ADD CONSTRAINT "qa_entries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_entries" ADD CONSTRAINT "qa_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qa_answers_entry_idx" ON "qa_answers" USING btree ("entry_id","id") WHERE "qa_answers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "qa_entries_org_id_idx" ON "qa_entries" USING btree ("org_id","id") WHERE "qa_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "qa_entries_portal_order_idx" ON "qa_entries" USING btree ("pinned" DESC NULLS LAST,"released_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "qa_entries"."status" = 'released' and "qa_entries"."deleted_at" is null;--> statement-breakpoint
-- The dictionary type Q&A categories are chosen from (DICT_TYPES.qaCategory), built in like the users' types.
INSERT INTO "dict_types" ("code", "name", "sort", "builtin") VALUES ('qa-category', 'qa-category', 4, true) ON CONFLICT DO NOTHING;
