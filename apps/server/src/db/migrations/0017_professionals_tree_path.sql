ALTER TABLE "professionals" ADD COLUMN "path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "depth" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "professionals_path_idx" ON "professionals" USING btree ("path" text_pattern_ops);