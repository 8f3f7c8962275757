-- Jobs waiting when pg-boss takes over: installJobsSchema (platform/jobs.ts) hands them to pg-boss, then drops this table.
CREATE TABLE "jobs_before_pgboss" AS SELECT "id", "kind", "run_after", "max_attempts" FROM "jobs" WHERE "state" IN ('queued', 'running');--> statement-breakpoint
DROP INDEX "jobs_ready_idx";--> statement-breakpoint
DROP INDEX "jobs_lease_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "boss_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_boss_id_uq" ON "jobs" USING btree ("boss_id");--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("boss_id") WHERE "jobs"."state" = 'running';--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "run_after";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "max_attempts";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "locked_by";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "lease_until";