import { eq, sql } from 'drizzle-orm';
import { isRecord } from '@hanlin/shared';
import type { DbOrTx } from './db/client.js';
import { systemSettings } from './settings.schema.js';

/** Reads a setting, falling back to defaults for missing keys (settings evolve without migrations). */
export async function readSetting<T extends object>(db: DbOrTx, key: string, defaults: T): Promise<T> {
  const [row] = await db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, key));
  const value = row?.value;
  return { ...defaults, ...(isRecord(value) ? value : {}) };
}

export async function writeSetting(db: DbOrTx, key: string, value: object): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: sql`now()` } });
}

/** Stores a setting unless one exists: the first of several nodes wins, the others read its value back. */
export async function createSettingIfAbsent(db: DbOrTx, key: string, value: object): Promise<void> {
  await db.insert(systemSettings).values({ key, value }).onConflictDoNothing({ target: systemSettings.key });
}

/**
 * A random secret kept in the setting `key` (under `field`), made by `make` on first use: the
 * first of several nodes to store one wins, the others read its value back.
 */
export async function settingSecret(db: DbOrTx, key: string, field: string, make: () => string): Promise<string> {
  const read = async () => (await readSetting<Record<string, unknown>>(db, key, {}))[field];
  let value = await read();
  if (typeof value !== 'string' || !value) {
    await createSettingIfAbsent(db, key, { [field]: make() });
    value = await read();
  }
  if (typeof value !== 'string' || !value) throw new Error(`setting ${key} holds no ${field}`);
  return value;
}
