import { Client, FilterParser, InvalidCredentialsError, NoSuchObjectError, InvalidDNSyntaxError, type Entry } from 'ldapts';
import { propOf, type LdapMapping } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';

export interface DirectoryConnection {
  url: string;
  bindDn: string;
  bindPassword: string;
}

export interface DirectoryQuery extends DirectoryConnection {
  baseDn: string;
  userFilter: string;
  orgFilter: string;
  mapping: LdapMapping;
}

/** One directory entry reduced to the first string value of each requested attribute. */
export interface DirEntry {
  dn: string;
  attrs: Record<string, string>;
}

const CONNECT_TIMEOUT_MS = 5000;
const OPERATION_TIMEOUT_MS = 60_000;
const PAGE_SIZE = 500;

/** True when ldapts accepts the filter (checked at save time so a sync cannot fail on it). */
export function isValidFilter(filter: string): boolean {
  try {
    FilterParser.parseString(filter);
    return true;
  } catch {
    return false;
  }
}

function reasonOf(e: unknown): string {
  if (e instanceof InvalidCredentialsError) return 'INVALID_CREDENTIALS';
  if (e instanceof NoSuchObjectError) return 'BASE_DN_NOT_FOUND';
  if (e instanceof InvalidDNSyntaxError) return 'INVALID_DN';
  const code = propOf(e, 'code');
  if (typeof code === 'string' && /^E[A-Z]+/.test(code)) return 'UNREACHABLE';
  if (e instanceof Error && /timeout|timed out|connect/i.test(e.message)) return 'UNREACHABLE';
  return 'LDAP_ERROR';
}

/** Opens a bound connection, runs `fn`, always unbinds; any directory failure becomes LDAP_CONNECT_FAILED. */
export async function withDirectory<T>(conn: DirectoryConnection, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ url: conn.url, connectTimeout: CONNECT_TIMEOUT_MS, timeout: OPERATION_TIMEOUT_MS, strictDN: false });
  try {
    await client.bind(conn.bindDn, conn.bindPassword);
    return await fn(client);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('LDAP_CONNECT_FAILED', { data: { reason: reasonOf(e) } });
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

function firstString(v: Entry[string] | undefined): string {
  if (v === undefined) return '';
  const first = Array.isArray(v) ? v[0] : v;
  if (first === undefined) return '';
  return (Buffer.isBuffer(first) ? first.toString('utf8') : String(first)).trim();
}

function reduce(entries: Entry[], attributes: string[]): DirEntry[] {
  return entries.map((e) => {
    // Attribute names come back as the server spells them; match case-insensitively.
    const lower = new Map(Object.keys(e).map((k) => [k.toLowerCase(), k]));
    const attrs: Record<string, string> = {};
    for (const a of attributes) attrs[a] = firstString(e[lower.get(a.toLowerCase()) ?? a]);
    return { dn: e.dn, attrs };
  });
}

/** Reads every organizational unit and every user under the base DN (paged). */
export async function readDirectory(q: DirectoryQuery): Promise<{ orgs: DirEntry[]; users: DirEntry[] }> {
  const orgAttrs = [...new Set([q.mapping.orgCode, q.mapping.orgName])];
  const userAttrs = [...new Set([q.mapping.username, q.mapping.realname, q.mapping.email, q.mapping.phone, q.mapping.cardNumber])];
  return withDirectory(q, async (client) => {
    const orgs = await client.search(q.baseDn, { scope: 'sub', filter: q.orgFilter, attributes: orgAttrs, paged: { pageSize: PAGE_SIZE } });
    const users = await client.search(q.baseDn, { scope: 'sub', filter: q.userFilter, attributes: userAttrs, paged: { pageSize: PAGE_SIZE } });
    return { orgs: reduce(orgs.searchEntries, orgAttrs), users: reduce(users.searchEntries, userAttrs) };
  });
}

/** Splits a DN into its RDNs on unescaped commas, each normalized for comparison. */
export function dnParts(dn: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < dn.length; i++) {
    const c = dn[i];
    if (c === '\\' && i + 1 < dn.length) {
      cur += c + dn[i + 1];
      i++;
    } else if (c === ',') {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  if (cur.trim()) parts.push(cur);
  return parts.map((p) => {
    const eq = p.indexOf('=');
    return eq < 0
      ? p.trim().toLowerCase()
      : `${p.slice(0, eq).trim().toLowerCase()}=${p
          .slice(eq + 1)
          .trim()
          .toLowerCase()}`;
  });
}

export const normalizeDn = (dn: string) => dnParts(dn).join(',');
