import type { FastifyInstance } from 'fastify';
import {
  OUTSIDE_TRAINING_APPROVAL_TYPE,
  OUTSIDE_TRAINING_LIFECYCLE,
  OUTSIDE_TRAINING_UPLOAD_PURPOSE,
  hasAnyPermission,
  type CommandOf,
  type OutsideTrainingCreate,
  type OutsideTrainingDetail,
  type OutsideTrainingFile,
  type OutsideTrainingListQuery,
  type OutsideTrainingResultInput,
  type OutsideTrainingRow,
  type OutsideTrainingState,
  type OutsideTrainingUpdate,
} from '@hanlin/shared';
import { onlyRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListPage, ListRuntime } from '../../platform/list.js';
import { applyStatusTransition } from '../../platform/lifecycle.js';
import { pathInScope } from '../../platform/scope.js';
import { updateRow } from '../../platform/table-rows.js';
import { approvableRecords } from '../approvals/index.js';
import { claimFile, linkFile } from '../uploads/index.js';
import * as repo from './outside-trainings.repository.js';
import { outsideTrainings } from './outside-trainings.schema.js';

const MANAGE_CODE = 'wxpx';

interface Deps {
  app: FastifyInstance;
  db: Db;
  lists: ListRuntime;
}

type Row = repo.OutsideTrainingListRow;

export function createOutsideTrainingsService({ app, db, lists }: Deps) {
  /** Only the applicant writes their application; someone else's is NO_DATA_PERMISSION_ERROR, a missing one NOT_FOUND_ERROR. */
  async function lockOwn(tx: DbOrTx, p: Principal, ids: number[], field = 'id') {
    const rows = await repo.lockOutsideTrainings(tx, [...new Set(ids)]);
    if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND_ERROR', { field });
    if (rows.some((r) => r.createdBy !== p.userId)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field });
    return rows;
  }

  /** A manager (wxpx) reads the applications of the organizations in their data scope. */
  const manages = (p: Principal, orgPath: string | null) => hasAnyPermission(p.permissions, [MANAGE_CODE]) && !!orgPath && pathInScope(p, orgPath);

  const rowOf = (p: Principal, r: Row): OutsideTrainingRow => {
    const { modify, delete: del, submit, recordResult } = OUTSIDE_TRAINING_LIFECYCLE.abilities(r.status);
    const mine = r.createdBy === p.userId;
    return {
      id: r.id,
      institutionName: r.institutionName,
      institutionId: r.institutionId,
      course: r.course,
      startDate: r.startDate,
      endDate: r.endDate,
      cost: r.cost,
      state: r.status,
      result: r.result,
      score: r.score === null ? null : Number(r.score),
      orgId: r.orgId,
      orgName: r.orgName,
      createdBy: r.createdBy,
      creatorName: r.creatorName,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      abilities: { modify: mine && modify, delete: mine && del, submit: mine && submit, recordResult: mine && recordResult },
    };
  };

  async function get(p: Principal, id: number): Promise<OutsideTrainingDetail> {
    const [r] = await repo.outsideTrainingList.rowsOf(db, [id]);
    if (!r) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    if (r.createdBy !== p.userId && !manages(p, r.orgPath)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'id' });
    return {
      ...rowOf(p, r),
      reason: r.reason,
      attachments: r.attachments,
      notes: r.notes,
      certificate: r.certificate,
      resultAt: r.resultAt?.toISOString() ?? null,
    };
  }

  /** The caller's own uploads (purpose outside-training) named by `refs`, linked to the application. */
  async function claimFiles(tx: DbOrTx, p: Principal, id: number, refs: string[], field: string): Promise<OutsideTrainingFile[]> {
    const out: OutsideTrainingFile[] = [];
    for (const ref of new Set(refs)) {
      const f = await claimFile(tx, p, ref, { purpose: OUTSIDE_TRAINING_UPLOAD_PURPOSE, field });
      if (!f) throw new AppError('PARAMETER_INVALID', { field });
      await linkFile(tx, f.id, id);
      out.push({ ref: `/api/upload/file/${f.publicId}`, name: f.originalName, size: f.size });
    }
    return out;
  }

  /** Start ≤ end, also when only one of them changes. */
  function checkDates(startDate: string, endDate: string) {
    if (startDate > endDate) throw new AppError('PARAMETER_INVALID', { field: 'endDate' });
  }

  /** Deleting only a draft, submitting to the outside-training flow, following the engine: the approvals module's part. */
  const approvable = approvableRecords({
    app,
    db,
    businessType: OUTSIDE_TRAINING_APPROVAL_TYPE,
    lifecycle: OUTSIDE_TRAINING_LIFECYCLE,
    table: outsideTrainings,
    lock: repo.lockOutsideTrainings,
    lockWritable: lockOwn,
    titleOf: (row) => row.course,
    notDeletable: 'STATE_TRANSITION_INVALID',
  });

  const page = async (p: Principal, pageOf: Promise<ListPage<Row>>): Promise<ListPage<OutsideTrainingRow>> => {
    const r = await pageOf;
    return { ...r, records: r.records.map((row) => rowOf(p, row)) };
  };

  return {
    list: (p: Principal, q: OutsideTrainingListQuery) => page(p, repo.outsideTrainingList.run(lists, p, q)),
    mine: (p: Principal, q: OutsideTrainingListQuery) => page(p, repo.myOutsideTrainingList.run(lists, p, { ...q, applicantId: p.userId })),
    get,

    /** A new draft of the caller, in their organization. */
    async insert(p: Principal, input: OutsideTrainingCreate): Promise<OutsideTrainingDetail> {
      checkDates(input.startDate, input.endDate);
      const id = await db.transaction(async (tx) => {
        const { attachments, ...fields } = input;
        const newId = await repo.insertOutsideTraining(tx, { ...fields, institutionId: fields.institutionId ?? null, orgId: p.orgId, createdBy: p.userId });
        const files = await claimFiles(tx, p, newId, attachments, 'attachments');
        if (files.length) await updateRow(tx, outsideTrainings, newId, { attachments: files });
        return newId;
      });
      return get(p, id);
    },

    /** A draft, refused or withdrawn application changes; under review, approved or completed it does not (STATE_TRANSITION_INVALID). */
    async update(p: Principal, input: OutsideTrainingUpdate): Promise<OutsideTrainingDetail> {
      await db.transaction(async (tx) => {
        const row = onlyRow(await lockOwn(tx, p, [input.id]));
        if (!OUTSIDE_TRAINING_LIFECYCLE.canEdit(row.status)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'state' });
        checkDates(input.startDate ?? row.startDate, input.endDate ?? row.endDate);
        const { id, attachments, ...fields } = input;
        await updateRow(tx, outsideTrainings, id, {
          ...fields,
          ...(attachments !== undefined ? { attachments: await claimFiles(tx, p, id, attachments, 'attachments') } : {}),
        });
      });
      return get(p, input.id);
    },

    /** Only the applicant's drafts are deleted (STATE_TRANSITION_INVALID naming the others); all or nothing. */
    remove: approvable.remove,

    /** Submits the application to the outside-training flow in this transaction; the engine moves it under review. */
    async submit(p: Principal, id: number): Promise<OutsideTrainingDetail> {
      await approvable.submit(p, id);
      return get(p, id);
    },

    /** After approval the applicant records the result, score, notes and certificate (and may correct them). */
    async recordResult(p: Principal, input: OutsideTrainingResultInput): Promise<OutsideTrainingDetail> {
      await db.transaction(async (tx) => {
        const rows = await lockOwn(tx, p, [input.id]);
        const [certificate] = input.certificate ? await claimFiles(tx, p, input.id, [input.certificate], 'certificate') : [];
        await applyStatusTransition<OutsideTrainingState, CommandOf<typeof OUTSIDE_TRAINING_LIFECYCLE>, (typeof rows)[number]>(tx, {
          lifecycle: OUTSIDE_TRAINING_LIFECYCLE,
          command: 'recordResult',
          rows,
          table: outsideTrainings,
        });
        await updateRow(tx, outsideTrainings, input.id, {
          result: input.result,
          score: input.score,
          notes: input.notes,
          certificate: certificate ?? null,
          resultAt: new Date(),
        });
      });
      return get(p, input.id);
    },

    /** The approval type's `prepare` (a resubmission from "my approvals": the same rules as `submit`) and `onState`. */
    approvalType: approvable.approvalType,

    /** The managers (wxpx, in their scope) read its approval and history too. */
    async mayRead(tx: DbOrTx, p: Principal, id: number) {
      const [row] = await repo.outsideTrainingList.rowsOf(tx, [id]);
      return !!row && (row.createdBy === p.userId || manages(p, row.orgPath));
    },
  };
}
export type OutsideTrainingsService = ReturnType<typeof createOutsideTrainingsService>;
