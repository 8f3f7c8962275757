ALTER TABLE "dict_entries" ADD CONSTRAINT "dict_entries_status_check" CHECK ("dict_entries"."status" in ('normal', 'frozen'));--> statement-breakpoint
ALTER TABLE "learning_groups" ADD CONSTRAINT "learning_groups_status_check" CHECK ("learning_groups"."status" in ('normal', 'frozen'));--> statement-breakpoint
ALTER TABLE "lecturers" ADD CONSTRAINT "lecturers_status_check" CHECK ("lecturers"."status" in ('normal', 'frozen'));--> statement-breakpoint
ALTER TABLE "mail_logs" ADD CONSTRAINT "mail_logs_status_check" CHECK ("mail_logs"."status" in ('sent', 'failed'));--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_status_check" CHECK ("notices"."status" in ('draft', 'released', 'unreleased'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_status_check" CHECK ("organizations"."status" in ('normal', 'frozen'));--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_status_check" CHECK ("registrations"."status" in ('pending', 'approved', 'refused'));--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_status_check" CHECK ("roles"."status" in ('normal', 'frozen'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('normal', 'frozen'));