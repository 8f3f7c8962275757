ALTER TABLE "learning_group_members" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_group_members_id_uq" ON "learning_group_members" USING btree ("id");--> statement-breakpoint
CREATE INDEX "learning_group_members_group_created_idx" ON "learning_group_members" USING btree ("group_id","created_at","user_id");