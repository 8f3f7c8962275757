ALTER TABLE "roles" ADD COLUMN "builtin_key" varchar(32);--> statement-breakpoint
CREATE UNIQUE INDEX "roles_builtin_key_uq" ON "roles" USING btree ("builtin_key");