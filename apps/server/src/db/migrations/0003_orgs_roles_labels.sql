CREATE TABLE "label_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" varchar(10) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_group_members_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "learning_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"description" varchar(200),
	"status" varchar(16) DEFAULT 'normal' NOT NULL,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_address" varchar(500) NOT NULL,
	"subject" varchar(500) NOT NULL,
	"body" text NOT NULL,
	"html" text,
	"status" varchar(16) NOT NULL,
	"error" text,
	"read" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" varchar(64),
	"token_hash" varchar(64),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position_labels" (
	"position_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "position_labels_pk" PRIMARY KEY("position_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"description" varchar(200),
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "professionals" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" varchar(30) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(200) NOT NULL,
	"realname" varchar(200) NOT NULL,
	"email" varchar(200) NOT NULL,
	"phone" varchar(11),
	"org_id" integer,
	"kind" varchar(16) DEFAULT 'student' NOT NULL,
	"password_hash" text NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"reason" varchar(200),
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_data_scopes" (
	"role_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	CONSTRAINT "role_data_scopes_pk" PRIMARY KEY("role_id","org_id")
);
--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_category_id_label_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."label_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_group_members" ADD CONSTRAINT "learning_group_members_group_id_learning_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."learning_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_group_members" ADD CONSTRAINT "learning_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_groups" ADD CONSTRAINT "learning_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_groups" ADD CONSTRAINT "learning_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_logs" ADD CONSTRAINT "mail_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_labels" ADD CONSTRAINT "position_labels_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_labels" ADD CONSTRAINT "position_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_parent_id_professionals_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."professionals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_data_scopes" ADD CONSTRAINT "role_data_scopes_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_data_scopes" ADD CONSTRAINT "role_data_scopes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "label_categories_name_uq" ON "label_categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "label_categories_kind_idx" ON "label_categories" USING btree ("kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_category_name_uq" ON "labels" USING btree ("category_id","name");--> statement-breakpoint
CREATE INDEX "labels_created_idx" ON "labels" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "learning_group_members_user_idx" ON "learning_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_groups_name_uq" ON "learning_groups" USING btree ("name");--> statement-breakpoint
CREATE INDEX "learning_groups_org_idx" ON "learning_groups" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "learning_groups_created_idx" ON "learning_groups" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mail_logs_created_idx" ON "mail_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mail_logs_status_idx" ON "mail_logs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "mail_logs_sent_idx" ON "mail_logs" USING btree ("sent_at","id");--> statement-breakpoint
CREATE INDEX "mail_logs_user_idx" ON "mail_logs" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_uq" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "position_labels_label_idx" ON "position_labels" USING btree ("label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_name_uq" ON "positions" USING btree ("name");--> statement-breakpoint
CREATE INDEX "positions_sort_idx" ON "positions" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "positions_created_idx" ON "positions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "professionals_parent_idx" ON "professionals" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "professionals_parent_name_uq" ON "professionals" USING btree (coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_pending_username_uq" ON "registrations" USING btree (lower("username")) WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_pending_email_uq" ON "registrations" USING btree (lower("email")) WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_pending_phone_uq" ON "registrations" USING btree ("phone") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "registrations_status_idx" ON "registrations" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "registrations_org_idx" ON "registrations" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "registrations_created_idx" ON "registrations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "role_data_scopes_org_idx" ON "role_data_scopes" USING btree ("org_id");