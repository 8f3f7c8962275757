import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineAppRegistry } from '../../platform/use-registry.js';

/**
 * Told inside the passing transaction when a learner passes a course (the `pass` of LEARNER_LIFECYCLE,
 * once per learner and course): a module whose own completion depends on courses (a mixed training
 * class) reacts in the same transaction. A listener that throws rolls the pass back.
 */
export type CoursePassListener = (tx: DbOrTx, pass: { userId: number; courseId: number }) => Promise<void>;

const registry = defineAppRegistry<CoursePassListener>('course pass listener');

/** Registers a listener under the registering module's name (once per app). */
export const registerCoursePassListener = (app: FastifyInstance, name: string, listener: CoursePassListener) => registry.register(app, name, listener);

export const coursePassListeners = (app: FastifyInstance) => registry.of(app).values();
