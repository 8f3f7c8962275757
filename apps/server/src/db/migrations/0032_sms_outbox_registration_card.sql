CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" varchar(20) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"code" varchar(12),
	"error" varchar(1000),
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "card_number" varchar(200);--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone","id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_pending_card_number_uq" ON "registrations" USING btree ("card_number") WHERE status = 'pending';