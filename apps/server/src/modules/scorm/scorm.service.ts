import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { SCORM_LIMITS, type ScormCmiValues, type ScormCommit, type ScormLaunch, type ScormLaunchResult, type ScormPackageInfo, type ScormScoState } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage.js';
import type { Principal } from '../../platform/auth/principal.js';
import * as repo from './scorm.repository.js';
import { ScormParseError, parseManifest } from './scorm.manifest.js';
import { openPackageZip, readEntry } from './scorm.zip.js';
import { COMPLETED_STATUSES, csToTimespan, nextLessonStatus, timespanToCs } from './scorm.cmi.js';
import { mayLaunch, type ContentSigner, type ScormLaunchRule } from './scorm.access.js';

const AICC_SUFFIXES = /\.(au|crs|des|cst|ort|pre|cmp)$/i;

function parseFailed(e: ScormParseError): AppError {
  return new AppError('SCORM_PARSE_FAILED', { data: { reason: e.reason, ...(e.detail ? { detail: e.detail } : {}) } });
}

export function presentPackage(p: repo.PackageRow): ScormPackageInfo {
  return {
    id: p.id,
    title: p.title,
    version: p.version,
    fileName: p.fileName,
    packedSize: p.packedSize,
    unpackedSize: p.unpackedSize,
    fileCount: p.fileCount,
    catalog: p.catalog,
    scos: p.scos,
    uploadedBy: p.uploadedBy,
    createdAt: p.createdAt.toISOString(),
  };
}

const num = (v: string | undefined): number | null | undefined => (v === undefined ? undefined : v === '' ? null : Number(v));

function presentState(r: repo.RuntimeRow): ScormScoState {
  return {
    scoId: r.scoId,
    lessonStatus: r.lessonStatus,
    scoreRaw: r.scoreRaw,
    scoreMin: r.scoreMin,
    scoreMax: r.scoreMax,
    totalTime: csToTimespan(r.totalTimeCs),
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}

/** Safe name for a stored upload: letters kept, anything else dropped. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return (base.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'package.zip').slice(-255);
}

export interface ImportInput {
  principal: Principal;
  fileName: string;
  /**
   * Runs inside the transaction that records the package (the caller's own row referencing it):
   * when it throws, the package is not recorded and its stored files are removed, so nothing is
   * left behind by, say, a duplicate name.
   */
  within?: (tx: DbOrTx, pkg: ScormPackageInfo) => Promise<void>;
}

export interface ScormDeps {
  db: Db;
  storage: Storage;
}

/**
 * Imports a SCORM 1.2 zip held in a local file: the directory is checked (names, links, sizes)
 * before anything unpacks, the manifest is parsed, then every file is stored under the package's
 * prefix. Refusals are SCORM_PARSE_FAILED with `data.reason` (or FILE_TOO_LARGE for the upload).
 */
export async function importScormFile(deps: ScormDeps, input: ImportInput & { file: string }): Promise<ScormPackageInfo> {
  const { size: packedSize } = await fs.promises.stat(input.file);
  if (packedSize > SCORM_LIMITS.packedMaxBytes) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
  let zip;
  try {
    zip = await openPackageZip(input.file, packedSize);
  } catch (e) {
    throw e instanceof ScormParseError ? parseFailed(e) : e;
  }
  const prefix = `scorm/${crypto.randomUUID()}`;
  const stored: string[] = [];
  try {
    const byPath = new Map(zip.files.map((f) => [f.path, f]));
    const manifestEntry = zip.files.find((f) => f.path.toLowerCase() === 'imsmanifest.xml');
    if (!manifestEntry) {
      // A zip of the package's folder instead of its contents: refused with the folder named, so
      // the author zips the folder's contents (the CAM puts the manifest at the root).
      const nested = zip.files.find((f) => /(^|\/)imsmanifest\.xml$/i.test(f.path));
      if (nested) throw new ScormParseError('manifest_in_subfolder', nested.path.slice(0, -'imsmanifest.xml'.length));
      if (zip.files.some((f) => AICC_SUFFIXES.test(f.path))) throw new ScormParseError('aicc');
      throw new ScormParseError('manifest_missing');
    }
    const manifest = parseManifest(await readEntry(zip, manifestEntry, SCORM_LIMITS.manifestMaxBytes), (p) => byPath.has(p));

    const files: { path: string; storageKey: string; size: number }[] = [];
    let n = 0;
    for (const f of zip.files) {
      const storageKey = `${prefix}/${n++}`;
      let stream: Readable;
      try {
        stream = await zip.read(f);
      } catch {
        throw new ScormParseError('zip_broken', f.path);
      }
      stored.push(storageKey);
      try {
        await deps.storage.put(storageKey, stream);
      } catch (e) {
        // yauzl refuses an entry that inflates to more (or less) than its directory says.
        if (e instanceof Error && /too many bytes|not enough bytes|invalid|unexpected end|zlib|header/i.test(e.message)) throw new ScormParseError('zip_broken', f.path);
        throw e;
      }
      files.push({ path: f.path, storageKey, size: f.size });
    }
    return await deps.db.transaction(async (tx) => {
      const pkg = await repo.insertPackage(tx, {
        title: manifest.title,
        version: '1.2',
        identifier: manifest.identifier,
        uploadedBy: input.principal.userId,
        orgId: input.principal.orgId,
        fileName: cleanName(input.fileName),
        catalog: manifest.catalog,
        scos: manifest.scos,
        storagePrefix: prefix,
        packedSize,
        unpackedSize: zip.unpackedSize,
        fileCount: files.length,
      });
      await repo.insertFiles(
        tx,
        files.map((f) => ({ ...f, packageId: pkg.id })),
      );
      const info = presentPackage(pkg);
      await input.within?.(tx, info);
      return info;
    });
  } catch (e) {
    for (const k of stored) await deps.storage.remove(k).catch(() => undefined);
    throw e instanceof ScormParseError ? parseFailed(e) : e;
  } finally {
    zip.close();
  }
}

/** `importScormFile` for a stream (written to a temporary file first: a zip is read from its end). */
export async function importScormStream(deps: ScormDeps, input: ImportInput & { stream: Readable; truncated?: () => boolean }): Promise<ScormPackageInfo> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'hanlin-scorm-'));
  try {
    const file = path.join(dir, 'package.zip');
    await pipeline(input.stream, fs.createWriteStream(file));
    // The multipart parser stops at its limit and ends the part as if it were complete.
    if (input.truncated?.()) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
    return await importScormFile(deps, { principal: input.principal, file, fileName: input.fileName, within: input.within });
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Per-SCO state and whether the package counts as completed / passed for a learner in a context. */
export async function getScormProgress(db: DbOrTx, input: { userId: number; packageId: number; contextKey: string }) {
  const pkg = await repo.getPackage(db, input.packageId);
  if (!pkg) throw new AppError('NOT_FOUND_ERROR');
  const rows = new Map((await repo.listRuntime(db, input)).map((r) => [r.scoId, r]));
  const scos = pkg.scos.map((s) => {
    const r = rows.get(s.id);
    const status = r?.lessonStatus ?? 'not attempted';
    const passed = status === 'passed' || (s.masteryScore !== null && r?.scoreRaw != null && r.scoreRaw >= s.masteryScore);
    return {
      scoId: s.id,
      title: s.title,
      lessonStatus: status,
      scoreRaw: r?.scoreRaw ?? null,
      totalTime: csToTimespan(r?.totalTimeCs ?? 0),
      totalSeconds: Math.floor((r?.totalTimeCs ?? 0) / 100),
      completed: COMPLETED_STATUSES.has(status) || passed,
      passed,
    };
  });
  const completed = scos.length > 0 && scos.every((s) => s.completed);
  // Passed: every SCO with a mastery score passed, the others completed.
  const passed = completed && pkg.scos.every((s, i) => (s.masteryScore === null ? scos[i].completed : scos[i].passed));
  return { packageId: pkg.id, scos, completed, passed };
}
export type ScormProgress = Awaited<ReturnType<typeof getScormProgress>>;

interface ServiceDeps extends ScormDeps {
  signer: ContentSigner;
  rules: ReadonlyMap<string, ScormLaunchRule>;
}

export function createScormService({ db, storage, signer, rules }: ServiceDeps) {
  /** The package, when the caller may launch it in the context; refusals look like a missing package. */
  async function launchable(principal: Principal, packageId: number, contextKey: string): Promise<repo.PackageRow> {
    const pkg = await repo.getPackage(db, packageId);
    if (!pkg || !(await mayLaunch(rules, principal, pkg, contextKey, () => repo.packageInScope(db, principal, pkg.id)))) throw new AppError('NOT_FOUND_ERROR');
    return pkg;
  }

  async function save(principal: Principal, input: ScormCommit, finish: boolean): Promise<ScormScoState> {
    const pkg = await launchable(principal, input.packageId, input.contextKey);
    const sco = pkg.scos.find((s) => s.id === input.scoId);
    if (!sco) throw new AppError('PARAMETER_INVALID', { field: 'scoId' });
    const v: ScormCmiValues = input.values;
    const sessionCs = v.session_time === undefined ? null : timespanToCs(v.session_time);
    return db.transaction(async (tx) => {
      const key = { userId: principal.userId, packageId: pkg.id, contextKey: input.contextKey, scoId: sco.id };
      const row = await repo.lockRuntime(tx, key);
      const session = await repo.getSession(tx, input.sessionId);
      // A session of another learner, SCO or context is not this one's: refused as a bad parameter.
      if (!row || !session || session.runtimeId !== row.id) throw new AppError('PARAMETER_INVALID', { field: 'sessionId' });
      // SCORM 1.2 RTE: LMSFinish ends the communication session; LMSSetValue/LMSCommit after it
      // fail ("not initialized", 301). A commit or finish on a finished session is therefore refused
      // as a state error and stores nothing, so a stray late request cannot overwrite what the
      // learner finished with; a new launch opens a new session that takes commits again.
      if (session.finishedAt) throw new AppError('STATE_TRANSITION_INVALID', { field: 'sessionId' });
      const scoreRaw = num(v.score_raw);
      const raw = scoreRaw === undefined ? row.scoreRaw : scoreRaw;
      let status = nextLessonStatus(row.lessonStatus, v.lesson_status, raw, sco.masteryScore);
      // SCORM 1.2 RTE: a SCO finishing without ever setting a status counts as completed.
      if (finish && status === 'not attempted') status = sco.masteryScore !== null && raw !== null ? (raw >= sco.masteryScore ? 'passed' : 'failed') : 'completed';
      const totalTimeCs = await repo.setSessionTime(tx, input.sessionId, row.id, sessionCs, finish);
      const now = new Date();
      const scoreMin = num(v.score_min);
      const scoreMax = num(v.score_max);
      const updated = await repo.updateRuntime(tx, row.id, {
        lessonStatus: status,
        scoreRaw: raw,
        scoreMin: scoreMin === undefined ? row.scoreMin : scoreMin,
        scoreMax: scoreMax === undefined ? row.scoreMax : scoreMax,
        lessonLocation: v.lesson_location ?? row.lessonLocation,
        suspendData: v.suspend_data ?? row.suspendData,
        exit: v.exit ?? row.exit,
        totalTimeCs,
        firstCommittedAt: row.firstCommittedAt ?? now,
        lastCommittedAt: now,
        completedAt: row.completedAt ?? (COMPLETED_STATUSES.has(status) ? now : null),
        passedAt: row.passedAt ?? (status === 'passed' ? now : null),
      });
      return presentState(updated);
    });
  }

  return {
    async importPackage(principal: Principal, input: { stream: Readable; fileName: string; truncated?: () => boolean }) {
      return importScormStream({ db, storage }, { principal, ...input });
    },

    async list(principal: Principal): Promise<ScormPackageInfo[]> {
      return (await repo.listPackages(db, principal, 100)).map(presentPackage);
    },

    async get(principal: Principal, id: number): Promise<ScormPackageInfo> {
      return presentPackage(await launchable(principal, id, 'preview'));
    },

    /** Opens a session of one SCO: catalog, every SCO's state, the values seeding the API, its URL on the content origin. */
    async launch(principal: Principal, input: ScormLaunch, content: { origin: string; sandbox: string }): Promise<ScormLaunchResult> {
      const pkg = await launchable(principal, input.packageId, input.contextKey);
      const base = { userId: principal.userId, packageId: pkg.id, contextKey: input.contextKey };
      const existing = new Map((await repo.listRuntime(db, base)).map((r) => [r.scoId, r]));
      let sco = input.scoId ? pkg.scos.find((s) => s.id === input.scoId) : undefined;
      if (input.scoId && !sco) throw new AppError('PARAMETER_INVALID', { field: 'scoId' });
      if (!sco) {
        // Resume where the learner was last, else the first SCO not completed yet.
        const committedAt = (r: repo.RuntimeRow) => r.lastCommittedAt?.getTime() ?? 0;
        const last = [...existing.values()].filter((r) => r.lastCommittedAt).sort((a, b) => committedAt(b) - committedAt(a))[0];
        const lastSco = last && !COMPLETED_STATUSES.has(last.lessonStatus) ? pkg.scos.find((s) => s.id === last.scoId) : undefined;
        sco = lastSco ?? pkg.scos.find((s) => !COMPLETED_STATUSES.has(existing.get(s.id)?.lessonStatus ?? '')) ?? pkg.scos[0];
      }
      const { row, sessionId } = await db.transaction(async (tx) => {
        const r = await repo.ensureRuntime(tx, { ...base, scoId: sco.id });
        return { row: r, sessionId: await repo.insertSession(tx, r.id) };
      });
      existing.set(row.scoId, row);
      const names = await repo.getUserNames(db, principal.userId);
      const resumable = row.firstCommittedAt !== null && (row.exit === 'suspend' || (row.exit === '' && (row.lessonLocation !== '' || row.suspendData !== '')));
      const entry = row.firstCommittedAt === null ? 'ab-initio' : resumable ? 'resume' : '';
      const token = await signer.token(pkg.id, principal.userId);
      const href = /^[a-z][a-z0-9+.-]*:/i.test(sco.href) ? sco.href : `${content.origin}/scorm/${pkg.id}/${token}/${encodeURI(sco.href)}`;
      return {
        package: { id: pkg.id, title: pkg.title, catalog: pkg.catalog, scos: pkg.scos },
        states: pkg.scos
          .map((s) => existing.get(s.id))
          .filter((r): r is repo.RuntimeRow => !!r)
          .map(presentState),
        scoId: sco.id,
        sessionId,
        contentUrl: href,
        sandbox: content.sandbox,
        cmi: {
          core: {
            student_id: names?.username ?? String(principal.userId),
            student_name: names?.realname ?? principal.username,
            lesson_location: row.lessonLocation,
            credit: 'credit',
            lesson_status: row.lessonStatus,
            entry,
            total_time: csToTimespan(row.totalTimeCs),
            lesson_mode: 'normal',
            score: { raw: row.scoreRaw?.toString() ?? '', min: row.scoreMin?.toString() ?? '', max: row.scoreMax?.toString() ?? '' },
          },
          suspend_data: row.suspendData,
          launch_data: sco.dataFromLms ?? '',
          student_data: { mastery_score: sco.masteryScore?.toString() ?? '', max_time_allowed: sco.maxTimeAllowed ?? '', time_limit_action: sco.timeLimitAction ?? '' },
        },
      };
    },

    /** LMSCommit: stores the values; the same commit twice leaves the same state. */
    commit: (principal: Principal, input: ScormCommit) => save(principal, input, false),
    /** LMSFinish: a commit that also closes the session. */
    finish: (principal: Principal, input: ScormCommit) => save(principal, input, true),

    progress: async (principal: Principal, input: { packageId: number; contextKey: string }) => {
      await launchable(principal, input.packageId, input.contextKey);
      return getScormProgress(db, { userId: principal.userId, ...input });
    },

    /** A file of the package for the holder of a content token; anything else is not found. */
    async openContent(packageId: number, token: string, filePath: string): Promise<{ stream: Readable; size: number; path: string }> {
      const userId = await signer.verify(packageId, token);
      if (userId === null) throw new AppError('NOT_FOUND_ERROR');
      const f = await repo.getFileKey(db, packageId, filePath);
      const stream = f ? await storage.get(f.storageKey) : null;
      if (!f || !stream) throw new AppError('NOT_FOUND_ERROR');
      return { stream, size: f.size, path: filePath };
    },
  };
}
export type ScormService = ReturnType<typeof createScormService>;
