CREATE TABLE "approval_ccs" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"round" integer NOT NULL,
	"step_index" integer NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_flow_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow_id" integer NOT NULL,
	"version" integer NOT NULL,
	"steps" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_type" varchar(50) NOT NULL,
	"name" varchar(100) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_type" varchar(50) NOT NULL,
	"business_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"applicant_id" integer NOT NULL,
	"org_id" integer,
	"version_id" integer NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"step_index" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_instances_state_check" CHECK ("approval_instances"."state" in ('pending', 'approved', 'refused', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "approval_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"round" integer NOT NULL,
	"step_index" integer,
	"action" varchar(16) NOT NULL,
	"user_id" integer,
	"comment" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_records_action_check" CHECK ("approval_records"."action" in ('submit', 'approve', 'refuse', 'withdraw', 'resubmit', 'skip', 'reassign'))
);
--> statement-breakpoint
CREATE TABLE "approval_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"round" integer NOT NULL,
	"step_index" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"user_id" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "approval_tasks_state_check" CHECK ("approval_tasks"."state" in ('queued', 'waiting', 'approved', 'refused', 'skipped', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "approval_ccs" ADD CONSTRAINT "approval_ccs_instance_id_approval_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."approval_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_ccs" ADD CONSTRAINT "approval_ccs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flow_versions" ADD CONSTRAINT "approval_flow_versions_flow_id_approval_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."approval_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flow_versions" ADD CONSTRAINT "approval_flow_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flows" ADD CONSTRAINT "approval_flows_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_instances" ADD CONSTRAINT "approval_instances_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_instances" ADD CONSTRAINT "approval_instances_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_instances" ADD CONSTRAINT "approval_instances_version_id_approval_flow_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."approval_flow_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_records" ADD CONSTRAINT "approval_records_instance_id_approval_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."approval_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_records" ADD CONSTRAINT "approval_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_tasks" ADD CONSTRAINT "approval_tasks_instance_id_approval_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."approval_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_tasks" ADD CONSTRAINT "approval_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_ccs_instance_idx" ON "approval_ccs" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "approval_ccs_user_idx" ON "approval_ccs" USING btree ("user_id","instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_flow_versions_flow_version_uq" ON "approval_flow_versions" USING btree ("flow_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_flows_type_uq" ON "approval_flows" USING btree ("business_type");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_instances_business_uq" ON "approval_instances" USING btree ("business_type","business_id");--> statement-breakpoint
CREATE INDEX "approval_instances_applicant_idx" ON "approval_instances" USING btree ("applicant_id","id");--> statement-breakpoint
CREATE INDEX "approval_instances_version_idx" ON "approval_instances" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "approval_records_instance_idx" ON "approval_records" USING btree ("instance_id","id");--> statement-breakpoint
CREATE INDEX "approval_tasks_instance_idx" ON "approval_tasks" USING btree ("instance_id","round","step_index","position");--> statement-breakpoint
CREATE INDEX "approval_tasks_user_idx" ON "approval_tasks" USING btree ("user_id","state","instance_id");