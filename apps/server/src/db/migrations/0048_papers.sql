CREATE TABLE "paper_items" (
	"paper_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"score" double precision NOT NULL,
	CONSTRAINT "paper_items_score_check" CHECK ("paper_items"."score" > 0 and "paper_items"."score" <= 100 and "paper_items"."score" * 2 = floor("paper_items"."score" * 2))
);
--> statement-breakpoint
CREATE TABLE "paper_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"category_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"difficulty" varchar(8),
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"count" smallint NOT NULL,
	"score" double precision NOT NULL,
	CONSTRAINT "paper_rules_count_check" CHECK ("paper_rules"."count" > 0),
	CONSTRAINT "paper_rules_score_check" CHECK ("paper_rules"."score" > 0 and "paper_rules"."score" <= 100 and "paper_rules"."score" * 2 = floor("paper_rules"."score" * 2))
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"total" double precision DEFAULT 0 NOT NULL,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "papers_kind_check" CHECK ("papers"."kind" in ('fixed', 'random', 'free'))
);
--> statement-breakpoint
ALTER TABLE "paper_items" ADD CONSTRAINT "paper_items_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_items" ADD CONSTRAINT "paper_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_rules" ADD CONSTRAINT "paper_rules_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_rules" ADD CONSTRAINT "paper_rules_category_id_question_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_items_paper_question_uq" ON "paper_items" USING btree ("paper_id","question_id");--> statement-breakpoint
CREATE INDEX "paper_items_question_idx" ON "paper_items" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "paper_rules_paper_idx" ON "paper_rules" USING btree ("paper_id","position");--> statement-breakpoint
CREATE INDEX "paper_rules_category_idx" ON "paper_rules" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "papers_name_uq" ON "papers" USING btree ("name") WHERE "papers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "papers_org_idx" ON "papers" USING btree ("org_id","id");