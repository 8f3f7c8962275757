CREATE TABLE "message_configs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"muted" varchar(50)[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"keyword" varchar(100) NOT NULL,
	"type" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" varchar(100) PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "template" varchar(50);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "message_configs" ADD CONSTRAINT "message_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_records" ADD CONSTRAINT "search_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_records_user_id_idx" ON "search_records" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "search_words_total_idx" ON "search_words" USING btree ("total" DESC NULLS LAST,"word");--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" varchar_pattern_ops);