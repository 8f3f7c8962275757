ALTER TABLE "files" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "purpose" varchar(32) DEFAULT 'legacy' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "ref_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "files_public_id_uq" ON "files" USING btree ("public_id");