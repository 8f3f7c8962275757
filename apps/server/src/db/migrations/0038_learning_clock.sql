CREATE TABLE "learning_clocks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_beat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_learners" ADD COLUMN "challenge_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learning_clocks" ADD CONSTRAINT "learning_clocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;