import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Session } from './harness.js';

/** Helpers of the ability tests (platform/abilities.api.test.ts, platform/lifecycle.api.test.ts) and tree tests. */
export const uniq = () => crypto.randomBytes(4).toString('hex');
export type Abilities = Record<string, boolean>;
export type Write = (s: Session, id: number) => Promise<LightMyRequestResponse>;

/**
 * For every write: a fresh record from `make`, its abilities as answered to `s`, then the write;
 * the write succeeds exactly when the ability said so, and a refusal is a 4xx with a code.
 */
export async function expectWritesObey(
  s: Session,
  make: () => Promise<number>,
  abilitiesOf: (id: number, s: Session) => Promise<Abilities>,
  writes: Record<string, Write>,
  expected: Abilities,
) {
  for (const [key, write] of Object.entries(writes)) {
    const id = await make();
    const a = await abilitiesOf(id, s);
    expect(a, `abilities before ${key}`).toEqual(expected);
    const res = await write(s, id);
    expect(res.statusCode < 300, `${key}: ability ${a[key]}, write answered ${res.statusCode} ${res.body}`).toBe(a[key]);
    if (!a[key]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  }
}

/** The node of a tree answer (nested `children`) with this id, at any depth. */
export function findNode<N extends { id: number; children: N[] }>(nodes: N[], id: number): N | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findNode(n.children, id);
    if (found) return found;
  }
  return undefined;
}
