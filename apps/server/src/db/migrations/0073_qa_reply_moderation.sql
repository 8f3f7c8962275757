ALTER TABLE "qa_answers" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "qa_answers" ADD COLUMN "hidden_by" integer;--> statement-breakpoint
ALTER TABLE "qa_answers" ADD CONSTRAINT "qa_answers_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;