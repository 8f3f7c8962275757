import type { Principal } from '../../platform/auth/principal.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineAppRegistry } from '../../platform/use-registry.js';

/** A member as the organization pages show it (leaders). */
export interface OrgMember {
  id: number;
  username: string;
  realname: string;
  orgId: number | null;
  orgPath: string | null;
}

/**
 * The module owning the people in organizations (users) registers, at start, what the org pages
 * and commands ask of them, so orgs need not import it.
 */
export interface OrgMembers {
  /** People directly in each organization of the caller's scope (of one kind when given). */
  countByOrg(db: DbOrTx, principal: Principal, kind?: 'employee' | 'student'): Promise<Map<number, number>>;
  /** Whether somebody belongs to the organization (it is not deleted then). */
  any(db: DbOrTx, orgId: number): Promise<boolean>;
  /** The people of these ids (missing ids are left out). */
  brief(db: DbOrTx, ids: number[]): Promise<OrgMember[]>;
  /** People whose data scope may involve the subtree at `path` (their cached sessions hold its old paths). */
  scopedUnder(db: DbOrTx, path: string): Promise<number[]>;
}

const registry = defineAppRegistry<OrgMembers>('organization members of');
/** Registers the members' owner under a name ('users'); a name registers once. */
export const registerOrgMembers = registry.register;

/** The members of this app's organizations, looked up when asked (modules register in any order). */
export function orgMembersOf(app: Parameters<typeof registry.of>[0]): OrgMembers {
  const all = () => [...registry.of(app).values()];
  return {
    async countByOrg(db, principal, kind) {
      const total = new Map<number, number>();
      for (const m of all()) for (const [id, n] of await m.countByOrg(db, principal, kind)) total.set(id, (total.get(id) ?? 0) + n);
      return total;
    },
    async any(db, orgId) {
      for (const m of all()) if (await m.any(db, orgId)) return true;
      return false;
    },
    async brief(db, ids) {
      if (!ids.length) return [];
      return (await Promise.all(all().map((m) => m.brief(db, ids)))).flat();
    },
    async scopedUnder(db, path) {
      return [...new Set((await Promise.all(all().map((m) => m.scopedUnder(db, path)))).flat())];
    },
  };
}
