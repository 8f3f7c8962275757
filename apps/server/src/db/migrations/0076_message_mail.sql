ALTER TABLE "messages" ADD COLUMN "mail_state" varchar(8);--> statement-breakpoint
CREATE INDEX "messages_mail_pending_idx" ON "messages" USING btree ("id") WHERE "messages"."mail_state" = 'pending';