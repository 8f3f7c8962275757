CREATE TABLE "app_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" varchar(30) NOT NULL,
	"description" varchar(2000) NOT NULL,
	"terminal" varchar(16) NOT NULL,
	"platform" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content" varchar(2000) NOT NULL,
	"contact" varchar(100),
	"replied" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"feedback_id" integer NOT NULL,
	"user_id" integer,
	"content" varchar(2000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ldap_org_links" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"code" varchar(200) NOT NULL,
	"dn" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ldap_user_links" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"username" varchar(200) NOT NULL,
	"dn" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ldap_org_links" ADD CONSTRAINT "ldap_org_links_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ldap_user_links" ADD CONSTRAINT "ldap_user_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_version_uq" ON "app_versions" USING btree ("version","terminal","platform");--> statement-breakpoint
CREATE INDEX "app_versions_created_idx" ON "app_versions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "app_versions_terminal_created_idx" ON "app_versions" USING btree ("terminal","created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_replied_created_idx" ON "feedback" USING btree ("replied","created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_user_created_idx" ON "feedback" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_replies_feedback_idx" ON "feedback_replies" USING btree ("feedback_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_replies_user_idx" ON "feedback_replies" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ldap_org_links_code_uq" ON "ldap_org_links" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ldap_user_links_username_uq" ON "ldap_user_links" USING btree ("username");--> statement-breakpoint
CREATE INDEX "login_logs_username_idx" ON "login_logs" USING btree (lower("username") text_pattern_ops,"created_at");--> statement-breakpoint
CREATE INDEX "login_logs_result_idx" ON "login_logs" USING btree ("result","created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_username_idx" ON "operation_logs" USING btree (lower("username") text_pattern_ops,"created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_operation_idx" ON "operation_logs" USING btree ("operation" text_pattern_ops,"created_at");