CREATE TABLE "table_versions" (
	"name" varchar(63) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "users_username_sort_idx" ON "users" USING btree ("username","id");--> statement-breakpoint
CREATE INDEX "users_realname_sort_idx" ON "users" USING btree ("realname","id");