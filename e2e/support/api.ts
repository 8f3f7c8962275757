/**
 * Fixtures through the real HTTP API, called exactly as the web client calls it: passwords
 * RSA-OAEP(SHA-256) encrypted with the server's public key, every signed-in call carrying the
 * bearer token and the X-Timestamp / X-Sign signature.
 */
import crypto from 'node:crypto';
import { inject } from 'vitest';
import { ADMIN_PASSWORD } from './paths';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface Session {
  userId: number;
  username: string;
  token: string;
  signNumber: string;
  operateAuth: string[];
  firstLogin: boolean;
}

export class ApiFailure extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    readonly envelope: Envelope | null,
  ) {
    super(`${path} failed: HTTP ${status} ${envelope ? `${envelope.code} ${envelope.msg}` : ''}`);
  }
}

export const baseUrl = (): string => inject('baseUrl');

/** A name no other test (or earlier run on the same data) uses. */
export function uniq(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${crypto.randomBytes(2).toString('hex')}`;
}

let keyCache: { publicKey: string; signSalt: string } | null = null;

export async function publicKey(): Promise<{ publicKey: string; signSalt: string }> {
  if (keyCache) return keyCache;
  const res = await fetch(`${baseUrl()}/api/auth/public-key`);
  const body = (await res.json()) as Envelope<{ publicKey: string; signSalt?: string }>;
  if (body.code !== 200) throw new ApiFailure('auth/public-key', res.status, body);
  keyCache = { publicKey: body.data.publicKey, signSalt: body.data.signSalt || 'hanlin' };
  return keyCache;
}

export async function encryptPassword(text: string): Promise<string> {
  const { publicKey: pem } = await publicKey();
  return crypto.publicEncrypt({ key: pem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text, 'utf8')).toString('base64');
}

/** Bearer token plus `X-Sign` = sha256 hex of `${userId}${ts}${signNumber}${salt}`. */
export async function signHeaders(s: Pick<Session, 'userId' | 'token' | 'signNumber'>): Promise<Record<string, string>> {
  const { signSalt } = await publicKey();
  const ts = Date.now();
  const sign = crypto.createHash('sha256').update(`${s.userId}${ts}${s.signNumber}${signSalt}`).digest('hex');
  return { authorization: `Bearer ${s.token}`, 'x-timestamp': String(ts), 'x-sign': sign };
}

/** POST `/api/<path>`; the HTTP status and the envelope, whatever they are. */
export async function postRaw(session: Session | null, path: string, body: unknown = {}): Promise<{ status: number; body: Envelope | null }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(session ? await signHeaders(session) : {}) };
  const res = await fetch(`${baseUrl()}/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await res.json().catch(() => null)) as Envelope | null;
  return { status: res.status, body: json };
}

/** POST `/api/<path>` and unwrap `data`; anything but code 200 throws. */
export async function post<T = unknown>(session: Session | null, path: string, body: unknown = {}): Promise<T> {
  const r = await postRaw(session, path, body);
  if (r.status !== 200 || r.body?.code !== 200) throw new ApiFailure(path, r.status, r.body);
  return r.body.data as T;
}

/** An ordinary upload (POST /api/upload/file, one multipart file) as `s`: the stored file's id and url; anything but code 200 throws. */
export async function uploadFile(s: Session, file: { filename: string; data: Buffer; kind: string; purpose?: string }): Promise<{ id: string; url: string }> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(file.data)]), file.filename);
  const res = await fetch(`${baseUrl()}/api/upload/file?kind=${file.kind}&purpose=${file.purpose ?? 'courseware'}`, {
    method: 'POST',
    headers: await signHeaders(s),
    body: fd,
  });
  const json = (await res.json().catch(() => null)) as Envelope<{ id: string; url: string }> | null;
  if (res.status !== 200 || json?.code !== 200) throw new ApiFailure('upload/file', res.status, json);
  return json.data;
}

interface LoginAnswer {
  access_token: string;
  signNumber: string;
  user: { id: number; username: string; operateAuth: string[]; firstLogin: boolean };
}

export async function login(username: string, password: string, entry: 'manage' | 'student' = 'manage'): Promise<Session> {
  const data = await post<LoginAnswer>(null, 'auth/oauth/token', {
    username,
    password: await encryptPassword(password),
    grant_type: 'password',
    scope: 'server',
    entry,
  });
  return {
    userId: data.user.id,
    username: data.user.username,
    token: data.access_token,
    signNumber: data.signNumber,
    operateAuth: data.user.operateAuth,
    firstLogin: data.user.firstLogin,
  };
}

export const loginAdmin = () => login('admin', ADMIN_PASSWORD);

export async function changePassword(session: Session, oldPassword: string, newPassword: string): Promise<void> {
  await post(session, 'auth/password/modify', {
    oldPassword: await encryptPassword(oldPassword),
    newPassword: await encryptPassword(newPassword),
  });
}

export interface OrgNode {
  id: number;
  name: string;
  parentId: number | null;
  children: OrgNode[];
}

export async function orgTree(admin: Session): Promise<OrgNode[]> {
  return post<OrgNode[]>(admin, 'org/tree', {});
}

export async function rootOrgId(admin: Session): Promise<number> {
  const [root] = await orgTree(admin);
  if (!root) throw new Error('no root organization');
  return root.id;
}

export function findOrg(nodes: readonly OrgNode[], match: (n: OrgNode) => boolean): OrgNode | undefined {
  for (const n of nodes) {
    if (match(n)) return n;
    const below = findOrg(n.children ?? [], match);
    if (below) return below;
  }
  return undefined;
}

/** Questions (`question/insert` bodies) inserted, submitted and approved, as a paper takes them: their ids, in order. */
export async function createApprovedQuestions(admin: Session, questions: Record<string, unknown>[]): Promise<number[]> {
  const ids: number[] = [];
  for (const q of questions) ids.push((await post<{ id: number }>(admin, 'question/insert', q)).id);
  await post(admin, 'question/submit', { ids });
  await post(admin, 'question-approval/approve', { ids });
  return ids;
}

/** A published exercise on `paperId` of `times` goes of 10 minutes, open to the organization `orgId`: its id. */
export async function createPublishedExercise(admin: Session, input: { name: string; paperId: number; times: number; orgId: number }): Promise<number> {
  const { name, paperId, times, orgId } = input;
  const { id } = await post<{ id: number }>(admin, 'exercise/insert', { name, sourceKind: 'paper', paperId, times, timeLimit: 10, audience: [{ type: 'org', id: orgId }] });
  await post(admin, 'exercise/publish', { ids: [id] });
  return id;
}

/** An organization under `parentId`, the root organization unless given (POST /api/org/insert); returns its id. */
export async function createOrg(admin: Session, input: { parentId?: number; name: string }): Promise<number> {
  return (await post<{ id: number }>(admin, 'org/insert', { parentId: input.parentId ?? (await rootOrgId(admin)), name: input.name })).id;
}

export async function createRole(admin: Session, input: { name: string; permissions: string[]; description?: string }): Promise<number> {
  return (await post<{ id: number }>(admin, 'role/insert', input)).id;
}

export interface NewPerson {
  username: string;
  realname: string;
  cardNumber: string;
  orgId?: number;
  roleIds?: number[];
  /** Data permission: the organization subtrees the person may manage (else their own organization's). */
  scopeOrgIds?: number[];
}

export interface CreatedPerson {
  id: number;
  username: string;
  /** The initial password the server gives: user name + "123" (first login must change it). */
  password: string;
}

/** A student (POST /api/student-user/insert as admin); the built-in student role unless roleIds. */
export async function createStudent(admin: Session, input: Partial<NewPerson> = {}): Promise<CreatedPerson> {
  const username = input.username ?? uniq('stu');
  const body = {
    username,
    realname: input.realname ?? `学员${username.slice(-4)}`,
    cardNumber: input.cardNumber ?? `S${username}`,
    orgId: input.orgId ?? (await rootOrgId(admin)),
    ...(input.roleIds ? { roleIds: input.roleIds } : {}),
  };
  const { id } = await post<{ id: number }>(admin, 'student-user/insert', body);
  return { id, username, password: `${username}123` };
}

/** An employee (POST /api/user/insert as admin) holding the given roles. */
export async function createEmployee(admin: Session, input: Partial<NewPerson> & { roleIds: number[] }): Promise<CreatedPerson> {
  const username = input.username ?? uniq('emp');
  const body = {
    username,
    realname: input.realname ?? `员工${username.slice(-4)}`,
    cardNumber: input.cardNumber ?? `E${username.replace(/[^A-Za-z0-9]/g, '')}`,
    orgId: input.orgId ?? (await rootOrgId(admin)),
    roleIds: input.roleIds,
    ...(input.scopeOrgIds ? { scopeOrgIds: input.scopeOrgIds } : {}),
  };
  const { id } = await post<{ id: number }>(admin, 'user/insert', body);
  return { id, username, password: `${username}123` };
}

/** A student (as `createStudent`) who has signed in once and set `password`, so the UI login lands directly. */
export async function createActiveStudent(admin: Session, password: string, input: Partial<NewPerson> = {}): Promise<CreatedPerson> {
  const student = await createStudent(admin, input);
  await activate(student, password);
  return student;
}

/** Signs in once with the initial password and sets `newPassword`, so the UI login lands directly. */
export async function activate(person: CreatedPerson, newPassword: string, entry: 'manage' | 'student' = 'student'): Promise<void> {
  const s = await login(person.username, person.password, entry);
  await changePassword(s, person.password, newPassword);
  person.password = newPassword;
}

/** A notice released to the whole platform (audience: the root organization): a message for every active user. */
export async function releaseNotice(admin: Session, title: string): Promise<void> {
  const { id } = await post<{ id: number }>(admin, 'notice/insert', {
    title,
    type: 'announcement',
    content: '<p>正文</p>',
    displayTime: new Date(Date.now() + 60_000).toISOString(),
    audience: [{ type: 'org', id: await rootOrgId(admin) }],
  });
  await post(admin, 'notice/release', { ids: [id] });
}

/** A one-pixel PNG (a banner's or a cover's picture). */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A banner released on the portal home (a one-pixel picture leading to `link`); answers its id. */
export async function releaseBanner(admin: Session, title: string, link = '/portal'): Promise<number> {
  const image = await post<{ url: string }>(admin, 'upload/base64', { name: 'banner.png', data: `data:image/png;base64,${PIXEL_PNG}`, purpose: 'cover' });
  const { id } = await post<{ id: number }>(admin, 'banner/insert', { title, image: image.url, link });
  await post(admin, 'banner/release', { ids: [id] });
  return id;
}
