import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineAppRegistry } from '../../platform/use-registry.js';

/**
 * Attendance of a class per trainee (stages attended / stages), given by the train-attendance module
 * (its `attendanceOf`). The performance page works without it (rate null); the lead wires it at merge:
 * `registerAttendanceSource(app, (db, classId) => attendanceOf(db, classId))`.
 */
export type AttendanceSource = (db: DbOrTx, classId: number) => Promise<{ userId: number; attended: number; stages: number }[]>;

const registry = defineAppRegistry<AttendanceSource>('attendance source');
const NAME = 'attendance';

/** Registers the one attendance source of this app (a second registration throws). */
export const registerAttendanceSource = (app: FastifyInstance, source: AttendanceSource) => registry.register(app, NAME, source);
export const attendanceSourceOf = (app: FastifyInstance): AttendanceSource | undefined => registry.of(app).get(NAME);
