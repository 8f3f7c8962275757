ALTER TABLE "train_classes" ADD COLUMN "cancel_reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Stages written before the key may name a course that is gone: they keep their topic only.
UPDATE "train_class_stages" SET "train_course_id" = NULL WHERE "train_course_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "train_courses" c WHERE c."id" = "train_class_stages"."train_course_id");--> statement-breakpoint
ALTER TABLE "train_class_stages" ADD CONSTRAINT "train_class_stages_train_course_id_train_courses_id_fk" FOREIGN KEY ("train_course_id") REFERENCES "public"."train_courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "train_class_stages_course_idx" ON "train_class_stages" USING btree ("train_course_id");--> statement-breakpoint
CREATE TABLE "train_class_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" varchar(2000) NOT NULL,
	"recipients" integer NOT NULL,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "train_class_notices" ADD CONSTRAINT "train_class_notices_class_id_train_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."train_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_class_notices" ADD CONSTRAINT "train_class_notices_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "train_class_notices_class_idx" ON "train_class_notices" USING btree ("class_id","id");
