CREATE TABLE "textbook_categories" (
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
CREATE TABLE "textbook_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"textbook_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"page" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "textbook_progress" (
	"textbook_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"page" integer NOT NULL,
	"page_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "textbook_progress_pk" PRIMARY KEY("textbook_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "textbook_registrations" (
	"textbook_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "textbook_registrations_pk" PRIMARY KEY("textbook_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "textbook_scores" (
	"textbook_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "textbook_scores_pk" PRIMARY KEY("textbook_id","user_id"),
	CONSTRAINT "textbook_scores_score_check" CHECK ("textbook_scores"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "textbooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"category_id" integer,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"author" varchar(100) DEFAULT '' NOT NULL,
	"publisher" varchar(100) DEFAULT '' NOT NULL,
	"cover" varchar(300),
	"file_id" integer NOT NULL,
	"org_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "textbooks_status_check" CHECK ("textbooks"."status" in ('draft', 'published', 'unpublished', 'offShelf'))
);
--> statement-breakpoint
ALTER TABLE "textbook_categories" ADD CONSTRAINT "textbook_categories_parent_id_textbook_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."textbook_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_notes" ADD CONSTRAINT "textbook_notes_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_notes" ADD CONSTRAINT "textbook_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_progress" ADD CONSTRAINT "textbook_progress_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_progress" ADD CONSTRAINT "textbook_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_registrations" ADD CONSTRAINT "textbook_registrations_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_registrations" ADD CONSTRAINT "textbook_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_scores" ADD CONSTRAINT "textbook_scores_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_scores" ADD CONSTRAINT "textbook_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbooks" ADD CONSTRAINT "textbooks_category_id_textbook_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."textbook_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbooks" ADD CONSTRAINT "textbooks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbooks" ADD CONSTRAINT "textbooks_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbooks" ADD CONSTRAINT "textbooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "textbook_categories_parent_idx" ON "textbook_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "textbook_categories_path_idx" ON "textbook_categories" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "textbook_categories_parent_name_uq" ON "textbook_categories" USING btree (coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE INDEX "textbook_notes_reader_idx" ON "textbook_notes" USING btree ("user_id","textbook_id","page","id");--> statement-breakpoint
CREATE INDEX "textbook_registrations_user_idx" ON "textbook_registrations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "textbooks_name_uq" ON "textbooks" USING btree ("name");--> statement-breakpoint
CREATE INDEX "textbooks_org_idx" ON "textbooks" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "textbooks_category_idx" ON "textbooks" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "textbooks_status_idx" ON "textbooks" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "textbooks_file_idx" ON "textbooks" USING btree ("file_id");