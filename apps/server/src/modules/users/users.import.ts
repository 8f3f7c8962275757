import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  builtinTextIn,
  DICT_TYPES,
  EMPLOYEE_NUMBER_PATTERN,
  STUDENT_NUMBER_PATTERN,
  USER_IMPORT_REASONS,
  type UserImportReason,
  type UserImportResult,
  type UserListQuery,
} from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage.js';
import { checkImportOrgs, createImportFlow, importedOrgId, fitsLength, importErrors, layoutReasonText, localTime, type ExcelLocale } from '../../platform/excel.js';
import type { Principal } from '../../platform/auth/principal.js';
import { organizations } from '../orgs/index.js';
import { dictLabels, matchDictTexts } from '../dict/index.js';
import { findDefaultRoleId, roles } from '../roles/index.js';
import { userRoles, users } from './users.schema.js';
import { userListWhere, type UserKind } from './users.repository.js';
import { buildErrorFile, buildExport, buildTemplate, layoutOf, parseImportFile, SEX_TEXT, STATUS_TEXT, type ImportColumn, type ImportRow } from './users.excel.js';
import type { InitialPasswordHasher } from './users.passwords.js';
import { storedInitialPassword } from '../../platform/auth/credentials.js';

const emailSchema = z.email();
/** Gender as written in any of the languages (lower case). */
const SEX: Record<string, 'male' | 'female'> = Object.fromEntries(
  (['male', 'female'] as const).flatMap((v) => [[v, v], ...Object.values(SEX_TEXT[v]).map((t) => [t.toLowerCase(), v])]),
);
const INSERT_CHUNK = 1000;
const EXPORT_MAX_ROWS = 100_000;

interface Deps {
  db: Db;
  storage: Storage;
  hasher: InitialPasswordHasher;
}

export function createUsersImportService({ db, storage, hasher }: Deps) {
  /** Per-row checks of spec section 8 (import errors); duplicates inside the file and against the database. */
  async function validate(p: Principal, kind: UserKind, rows: ImportRow[]) {
    const { errs, add } = importErrors<ImportColumn, UserImportReason>();
    const length = (r: ImportRow, f: ImportColumn, min: number, max: number, required: boolean) => fitsLength(add, r, f, { min, max, required });
    const cardPattern = kind === 'student' ? STUDENT_NUMBER_PATTERN : EMPLOYEE_NUMBER_PATTERN;
    const cardMin = kind === 'student' ? 5 : 3;

    for (const r of rows) {
      // As the form: user name 2–200 (spec §5; the 3 minimum is LDAP's), phone and e-mail optional.
      length(r, 'username', 2, 200, true);
      length(r, 'realname', 1, 200, true);
      if (length(r, 'cardNumber', cardMin, 200, true) && !cardPattern.test(r.cardNumber)) add(r.row, 'cardNumber', 'INVALID_FORMAT');
      if (r.phone && !/^\d+$/.test(r.phone)) add(r.row, 'phone', 'INVALID_FORMAT');
      else if (r.phone.length > 11) add(r.row, 'phone', 'TOO_LONG');
      if (length(r, 'email', 3, 200, false) && !emailSchema.safeParse(r.email).success) add(r.row, 'email', 'INVALID_FORMAT');
      length(r, 'department', 1, 200, true);
      if (r.sex && !SEX[r.sex.toLowerCase()]) add(r.row, 'sex', 'INVALID_FORMAT');
      length(r, 'englishName', 0, 200, false);
      length(r, 'post', 0, 30, false);
      length(r, 'city', 0, 100, false);
    }

    // Duplicates inside the file: every occurrence after the first is reported.
    const uniqueCols: { f: ImportColumn; norm: (s: string) => string }[] = [
      { f: 'username', norm: (s) => s.toLowerCase() },
      { f: 'cardNumber', norm: (s) => s },
      { f: 'phone', norm: (s) => s },
      { f: 'email', norm: (s) => s.toLowerCase() },
    ];
    for (const { f, norm } of uniqueCols) {
      const seen = new Set<string>();
      for (const r of rows) {
        if (!r[f]) continue;
        const k = norm(r[f]);
        if (seen.has(k)) add(r.row, f, 'DUPLICATE_IN_FILE');
        seen.add(k);
      }
    }

    // Duplicates with existing users: one index-backed query per column.
    const values = (f: ImportColumn, norm: (s: string) => string) => [
      ...new Set(
        rows
          .map((r) => r[f])
          .filter(Boolean)
          .map(norm),
      ),
    ];
    const [names, cards, phones, emails] = await Promise.all([
      db.execute<{ v: string }>(sql`select lower(username) as v from users where lower(username) = any(${sql.param(values('username', (s) => s.toLowerCase()))}::text[])`),
      db.execute<{ v: string }>(sql`select card_number as v from users where card_number = any(${sql.param(values('cardNumber', (s) => s))}::text[])`),
      db.execute<{ v: string }>(sql`select phone as v from users where phone = any(${sql.param(values('phone', (s) => s))}::text[])`),
      db.execute<{ v: string }>(sql`select lower(email) as v from users where lower(email) = any(${sql.param(values('email', (s) => s.toLowerCase()))}::text[])`),
    ]);
    const taken: Record<string, Set<string>> = {
      username: new Set(names.rows.map((r) => r.v)),
      cardNumber: new Set(cards.rows.map((r) => r.v)),
      phone: new Set(phones.rows.map((r) => r.v)),
      email: new Set(emails.rows.map((r) => r.v)),
    };
    for (const { f, norm } of uniqueCols) for (const r of rows) if (r[f] && taken[f].has(norm(r[f]))) add(r.row, f, 'DUPLICATE_EXISTING');

    // Department: code first, then name, inside the caller's data scope.
    const orgOf = await checkImportOrgs(db, p, rows, 'department', add);
    // Position (post): a name from the positions catalogue.
    const positionOf = new Map(
      (await db.execute<{ id: number; name: string }>(sql`select id, name from positions where name = any(${sql.param(values('post', (s) => s))}::text[])`)).rows.map((r) => [
        r.name,
        r.id,
      ]),
    );
    for (const r of rows) if (r.post && !positionOf.has(r.post)) add(r.row, 'post', 'POSITION_NOT_FOUND');
    // City: a normal entry of the city dictionary, written as its value or its label (the value is stored).
    const cityOf = await matchDictTexts(
      db,
      DICT_TYPES.city,
      rows.map((r) => r.city),
    );
    for (const r of rows) if (r.city && !cityOf.has(r.city)) add(r.row, 'city', 'DICT_NOT_FOUND');
    return { errs, orgOf, positionOf, cityOf };
  }

  async function insertRows(
    kind: UserKind,
    good: ImportRow[],
    { orgOf, positionOf, cityOf }: { orgOf: Map<string, number | 'ambiguous'>; positionOf: Map<string, number>; cityOf: Map<string, string> },
  ) {
    const defaultRole = await findDefaultRoleId(db, kind);
    // Hashed after the commit by the background hasher (see `storedInitialPassword`).
    const pending = await storedInitialPassword('', { deferred: true });
    await db.transaction(async (tx) => {
      for (let i = 0; i < good.length; i += INSERT_CHUNK) {
        const chunk = good.slice(i, i + INSERT_CHUNK);
        const ids = await tx
          .insert(users)
          .values(
            chunk.map((r) => ({
              username: r.username,
              realname: r.realname,
              cardNumber: r.cardNumber,
              phone: r.phone || null,
              email: r.email || null,
              orgId: importedOrgId(orgOf, r.department),
              sex: r.sex ? SEX[r.sex.toLowerCase()] : null,
              englishName: r.englishName || null,
              positionId: (r.post && positionOf.get(r.post)) || null,
              city: (r.city && cityOf.get(r.city)) || null,
              kind,
              passwordHash: pending,
              firstLogin: true,
            })),
          )
          .returning({ id: users.id });
        if (defaultRole) await tx.insert(userRoles).values(ids.map((u) => ({ userId: u.id, roleId: defaultRole })));
      }
    });
    hasher.kick();
  }

  const flowOf = (kind: UserKind) =>
    createImportFlow({
      storage,
      folder: 'users',
      parse: (file) => parseImportFile(kind, file.filename, file.data),
      validate: (p, rows: ImportRow[]) => validate(p, kind, rows),
      insert: (good, checked) => insertRows(kind, good, checked),
      errorFileRows: (bad, lang) => buildErrorFile(kind, lang, bad),
      reasonText: layoutReasonText(layoutOf(kind), USER_IMPORT_REASONS),
    });
  const flows: Record<UserKind, ReturnType<typeof flowOf>> = { employee: flowOf('employee'), student: flowOf('student') };

  return {
    template: buildTemplate,

    /** `check` validates only; `commit` writes the good rows in one transaction (all of them or none). */
    run: (
      p: Principal,
      kind: UserKind,
      file: { filename: string; data: Buffer },
      mode: 'check' | 'commit',
      skipInvalid: boolean,
      lang?: ExcelLocale['lang'],
    ): Promise<UserImportResult> => flows[kind].run(p, file, mode, skipInvalid, lang),

    /** Error files are keyed by caller, not by page: either flow serves them. */
    errorFile: flows.employee.errorFile,

    /** The list in the caller's language, times in the caller's time zone. */
    async export(p: Principal, kind: UserKind, q: Omit<UserListQuery, 'page' | 'size'>, { lang, timeZone }: ExcelLocale = { lang: 'zh-CN' }): Promise<Buffer> {
      const rows = await db
        .select({
          id: users.id,
          username: users.username,
          realname: users.realname,
          cardNumber: users.cardNumber,
          phone: users.phone,
          email: users.email,
          orgName: organizations.name,
          sex: users.sex,
          englishName: users.englishName,
          post: sql<string | null>`(select p.name from positions p where p.id = ${users.positionId})`,
          city: users.city,
          status: users.status,
          createdAt: users.createdAt,
        })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.orgId))
        .where(userListWhere(p, { ...q, kind }))
        .orderBy(asc(users.id))
        .limit(EXPORT_MAX_ROWS);
      const roleRows = rows.length
        ? await db
            .select({ userId: userRoles.userId, name: roles.name })
            .from(userRoles)
            .innerJoin(roles, eq(roles.id, userRoles.roleId))
            .where(inArray(userRoles.userId, sql`(select unnest(${sql.param(rows.map((r) => r.id))}::int[]))`))
        : [];
      const cityLabel = await dictLabels(
        db,
        DICT_TYPES.city,
        rows.map((r) => r.city),
      );
      const rolesOf = new Map<number, string[]>();
      // Built-in roles and the root organization in the caller's language while they keep their seeded names.
      for (const r of roleRows) rolesOf.set(r.userId, [...(rolesOf.get(r.userId) ?? []), builtinTextIn(r.name, lang)]);
      return buildExport(
        kind,
        lang,
        rows.map((r) => [
          r.username,
          r.realname,
          r.cardNumber,
          r.phone,
          r.email,
          builtinTextIn(r.orgName, lang),
          r.sex ? (r.sex === 'male' || r.sex === 'female' ? SEX_TEXT[r.sex][lang] : r.sex) : null,
          r.englishName,
          r.post,
          // The city's label (the import takes it back); a value no entry names any more as stored.
          (r.city && cityLabel.get(r.city)) || r.city,
          STATUS_TEXT[r.status === 'frozen' ? 'frozen' : 'normal'][lang],
          (rolesOf.get(r.id) ?? []).join(','),
          localTime(r.createdAt, timeZone),
        ]),
      );
    },
  };
}
export type UsersImportService = ReturnType<typeof createUsersImportService>;
