DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("users"."username" || ' ' || "users"."realname" || ' ' || coalesce("users"."card_number", '') || ' ' || coalesce("users"."phone", ''))) STORED;--> statement-breakpoint
CREATE INDEX "users_password_pending_idx" ON "users" USING btree ("id") WHERE "users"."password_hash" = '!initial-password-pending';--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);