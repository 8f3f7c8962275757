ALTER TABLE "certificate_templates" ALTER COLUMN "authority" SET DATA TYPE varchar(100);--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD COLUMN "language" varchar(8) DEFAULT 'zh-CN' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD COLUMN "org_id" integer;--> statement-breakpoint
-- Templates made before they had an owner belong to the root organization (the one without a parent).
UPDATE "certificate_templates" SET "org_id" = (SELECT "id" FROM "organizations" WHERE "parent_id" IS NULL ORDER BY "id" LIMIT 1);--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "template_name" varchar(30);--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "authority" varchar(100);--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "thumbnail" varchar(500);--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "design" jsonb;--> statement-breakpoint
-- Certificates already issued keep what their template says today (the last state anyone saw).
UPDATE "certificates" c SET "template_name" = t."name", "authority" = t."authority", "thumbnail" = t."thumbnail",
  "design" = jsonb_build_object('language', t."language", 'pageWidth', t."page_width", 'pageHeight', t."page_height", 'layout', t."layout",
    'backgroundKey', t."background_key", 'backgroundMime', t."background_mime")
FROM "certificate_templates" t WHERE t."id" = c."template_id";--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "template_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "authority" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "design" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD CONSTRAINT "certificate_templates_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_templates_org_idx" ON "certificate_templates" USING btree ("org_id","id");--> statement-breakpoint
-- Numbers carry a random part now; the serials already issued stay valid.
DROP SEQUENCE "public"."certificate_numbers";
