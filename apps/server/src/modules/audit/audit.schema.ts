import { sql } from 'drizzle-orm';
import { index, integer, pgTable, bigserial, timestamp, varchar, text } from 'drizzle-orm/pg-core';

export const loginLogs = pgTable(
  'login_logs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer(),
    username: varchar({ length: 200 }).notNull(),
    ip: varchar({ length: 64 }),
    userAgent: varchar({ length: 500 }),
    result: varchar({ length: 64 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_logs_created_idx').on(t.createdAt),
    index('login_logs_user_idx').on(t.userId, t.createdAt),
    // Report filters: user-name prefix and result.
    index('login_logs_username_idx').on(sql`lower(${t.username}) text_pattern_ops`, t.createdAt),
    index('login_logs_result_idx').on(t.result, t.createdAt),
  ],
);

export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer(),
    username: varchar({ length: 200 }),
    operation: varchar({ length: 200 }).notNull(),
    method: varchar({ length: 10 }).notNull(),
    path: varchar({ length: 300 }).notNull(),
    status: integer().notNull(),
    resultCode: integer(),
    ip: varchar({ length: 64 }),
    requestId: varchar({ length: 64 }),
    detail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operation_logs_created_idx').on(t.createdAt),
    index('operation_logs_user_idx').on(t.userId, t.createdAt),
    // Report filters: user-name prefix and operation prefix.
    index('operation_logs_username_idx').on(sql`lower(${t.username}) text_pattern_ops`, t.createdAt),
    index('operation_logs_operation_idx').on(t.operation.op('text_pattern_ops'), t.createdAt),
  ],
);
