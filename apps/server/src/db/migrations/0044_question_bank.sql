CREATE TABLE "question_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" varchar(30) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"depth" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(16) NOT NULL,
	"stem" text NOT NULL,
	"difficulty" varchar(8) DEFAULT 'medium' NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"score" double precision NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answers" text[] DEFAULT '{}'::text[] NOT NULL,
	"blanks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"auto_score" boolean DEFAULT false NOT NULL,
	"answer_text" text DEFAULT '' NOT NULL,
	"stars" smallint DEFAULT 5 NOT NULL,
	"category_id" integer,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"refuse_reason" varchar(200),
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_status_check" CHECK ("questions"."status" in ('draft', 'pending', 'approved', 'refused')),
	CONSTRAINT "questions_type_check" CHECK ("questions"."type" in ('single', 'multiple', 'judgment', 'fill', 'short', 'operation', 'calculation', 'rating')),
	CONSTRAINT "questions_difficulty_check" CHECK ("questions"."difficulty" in ('easy', 'medium', 'hard')),
	CONSTRAINT "questions_score_check" CHECK ("questions"."score" > 0 and "questions"."score" <= 100 and "questions"."score" * 2 = floor("questions"."score" * 2))
);
--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_parent_id_question_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."question_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_category_id_question_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_categories_parent_idx" ON "question_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "question_categories_path_idx" ON "question_categories" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "question_categories_parent_name_uq" ON "question_categories" USING btree (coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE INDEX "questions_org_idx" ON "questions" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "questions_category_idx" ON "questions" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "questions_labels_idx" ON "questions" USING gin ("labels");