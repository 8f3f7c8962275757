import type { FastifyInstance } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import { hasAnyPermission, type TrainClassNotice, type TrainClassNoticeSend } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { onlyRow } from '../../platform/db/rows.js';
import type { Principal } from '../../platform/auth/principal.js';
import { pathInScope } from '../../platform/scope.js';
import { orgPathOf } from '../../platform/org-rows.js';
import { sendMessage } from '../messages/index.js';
import { classAudience } from './train-classes.audience.js';
import { trainClassNotices, trainClasses } from './train-classes.schema.js';

/** The most recent notices a class's page shows. */
const SHOWN = 200;

/**
 * Notices to a class (issue 22, class-teacher end): its class teacher (`pxgl-bzr`, `headmaster_id` = the caller)
 * or a class manager of its scope (`pxapgl`; sending needs `pxapgl:modify`) writes a title and a content, sent as
 * an in-site message (kind `training`) to the people the class's audience names (its admitted trainees).
 */
export function createTrainClassNotices({ app, db }: { app: FastifyInstance; db: Db }) {
  /** The class, locked when sending, if the caller may read (or send) its notices: NOT_FOUND_ERROR, NO_DATA_PERMISSION_ERROR. */
  async function classFor(tx: DbOrTx, p: Principal, classId: number, send: boolean) {
    const q = tx
      .select({ id: trainClasses.id, headmasterId: trainClasses.headmasterId, orgPath: orgPathOf(trainClasses.orgId) })
      .from(trainClasses)
      .where(eq(trainClasses.id, classId));
    const [c] = send ? await q.for('update', { of: trainClasses }) : await q;
    if (!c) throw new AppError('NOT_FOUND_ERROR', { field: 'classId' });
    const teacher = hasAnyPermission(p.permissions, ['pxgl-bzr']) && c.headmasterId === p.userId;
    const manager = hasAnyPermission(p.permissions, [send ? 'pxapgl:modify' : 'pxapgl']) && !!c.orgPath && pathInScope(p, c.orgPath);
    if (!teacher && !manager) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'classId' });
    return c;
  }

  const rows = (tx: DbOrTx) =>
    tx
      .select({
        id: trainClassNotices.id,
        classId: trainClassNotices.classId,
        title: trainClassNotices.title,
        content: trainClassNotices.content,
        recipients: trainClassNotices.recipients,
        sentByName: sql<string | null>`(select u.realname from users u where u.id = ${trainClassNotices.sentBy})`,
        createdAt: trainClassNotices.createdAt,
      })
      .from(trainClassNotices);
  const out = (r: Awaited<ReturnType<typeof rows>>[number]): TrainClassNotice => ({ ...r, createdAt: r.createdAt.toISOString() });

  return {
    /** The notices sent to the class, newest first. */
    async list(p: Principal, classId: number): Promise<TrainClassNotice[]> {
      await classFor(db, p, classId, false);
      return (await rows(db).where(eq(trainClassNotices.classId, classId)).orderBy(desc(trainClassNotices.id)).limit(SHOWN)).map(out);
    },

    /** Sends the notice to the class's admitted trainees and keeps it with the number reached. */
    async send(p: Principal, input: TrainClassNoticeSend): Promise<TrainClassNotice> {
      return db.transaction(async (tx) => {
        await classFor(tx, p, input.classId, true);
        const to = await classAudience(app, tx, input.classId);
        const { count } = to.length ? await sendMessage(tx, { to, title: input.title, content: input.content, kind: 'training' }) : { count: 0 };
        const created = onlyRow(
          await tx
            .insert(trainClassNotices)
            .values({ classId: input.classId, title: input.title, content: input.content, recipients: count, sentBy: p.userId })
            .returning({ id: trainClassNotices.id }),
        );
        return out(onlyRow(await rows(tx).where(eq(trainClassNotices.id, created.id))));
      });
    },
  };
}
export type TrainClassNoticesService = ReturnType<typeof createTrainClassNotices>;
