CREATE TABLE "learner_totals" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"learning" integer DEFAULT 0 NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"learned_seconds" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"last_learned_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "audience_targets_target_idx";--> statement-breakpoint
ALTER TABLE "course_learners" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_totals" ADD CONSTRAINT "learner_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_targets_reach_idx" ON "audience_targets" USING btree ("target_type","target_id","owner_type","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_learners_id_uq" ON "course_learners" USING btree ("id");--> statement-breakpoint
INSERT INTO "learner_totals" ("user_id", "learning", "passed", "learned_seconds", "credits", "last_learned_at")
SELECT "user_id", count(*) FILTER (WHERE "status" = 'learning'), count(*) FILTER (WHERE "status" = 'passed'), coalesce(sum("learned_seconds"), 0), coalesce(sum("credit_awarded"), 0), max("last_learned_at")
FROM "course_learners" GROUP BY "user_id";
