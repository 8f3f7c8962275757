import type { Principal } from '../../platform/auth/principal.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineAppRegistry } from '../../platform/use-registry.js';

/**
 * What other modules do when something happens to accounts, registered at start (messages tells
 * the users, uploads checks an avatar), so users need not import them. Each runs in the caller's
 * transaction; a throw aborts the change.
 */
export interface UserEvents {
  /** After accounts froze (their sessions ended). */
  accountsFrozen?(tx: DbOrTx, userIds: number[]): Promise<unknown>;
  /** After passwords were reset to the initial one. */
  passwordsReset?(tx: DbOrTx, userIds: number[]): Promise<unknown>;
  /** Before a user's own avatar is saved: an uploaded avatar must be the caller's own. */
  avatarChosen?(db: DbOrTx, principal: Principal, avatar: string): Promise<unknown>;
}

const registry = defineAppRegistry<UserEvents>('user events of');
export const userEventsOf = registry.of;
/** Registers a module's listeners under its name; a name registers once. */
export const onUserEvents = registry.register;

/** Runs every registered listener of one event, in registration order (`call` hands it the arguments). */
export async function emitUserEvent<K extends keyof UserEvents>(
  listeners: ReadonlyMap<string, UserEvents>,
  event: K,
  call: (listener: NonNullable<UserEvents[K]>) => Promise<unknown>,
) {
  for (const l of listeners.values()) {
    const listener = l[event];
    if (listener) await call(listener);
  }
}
