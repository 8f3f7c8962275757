-- Built-in roles of existing databases get their stable key (they were found by display name before).
UPDATE "roles" SET "builtin_key" = 'admin' WHERE "builtin" AND "name" = '系统管理员' AND "builtin_key" IS NULL;--> statement-breakpoint
UPDATE "roles" SET "builtin_key" = 'student' WHERE "builtin" AND "name" = '学员' AND "builtin_key" IS NULL;--> statement-breakpoint
UPDATE "roles" SET "builtin_key" = 'lecturer' WHERE "builtin" AND "name" = '讲师' AND "builtin_key" IS NULL;--> statement-breakpoint
UPDATE "roles" SET "builtin_key" = 'class_teacher' WHERE "builtin" AND "name" = '班主任' AND "builtin_key" IS NULL;
