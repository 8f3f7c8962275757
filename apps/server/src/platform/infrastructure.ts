import path from 'node:path';
import type { Config } from './config.js';
import { connectDatabase, runMigrations, type Database } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { installJobsSchema } from './jobs.js';
import { createMemoryKv, createRedisKv, type Kv } from './kv.js';
import { createLocalStorage, type Storage } from './storage.js';
import { onlyRow } from './db/rows.js';

export interface Infrastructure {
  database: Database;
  embedded?: EmbeddedDatabase;
  kv: Kv;
  storage: Storage;
  close(): Promise<void>;
}

/** Whether pg_trgm sees Chinese characters as word characters (it follows the database's LC_CTYPE). */
async function classifiesChinese(database: Database): Promise<boolean> {
  const { rows } = await database.pool.query<{ n: number }>(`select cardinality(show_trgm('张伟强')) as n`);
  return onlyRow(rows).n > 0;
}

/** Database (embedded PostgreSQL unless DATABASE_URL), migrations, kv and file storage (S3 when S3_BUCKET, else DATA_DIR/files). */
export async function startInfrastructure(config: Config, log: (m: string) => void): Promise<Infrastructure> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), config.embeddedPgPort, log);
    url = embedded.url;
  }
  const database = connectDatabase(url);
  try {
    await runMigrations(database.db, installJobsSchema);
    if (!(await classifiesChinese(database))) {
      log(
        'database: its LC_CTYPE treats Chinese as punctuation, so keyword searches on Chinese text cannot use trigram indexes (create the database with a UTF-8 ctype, e.g. C.UTF-8)',
      );
    }
  } catch (e) {
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw e;
  }
  const kv = config.redisUrl ? createRedisKv(config.redisUrl) : createMemoryKv();
  let storage: Storage;
  if (config.s3) {
    // Loaded only when used: the AWS SDK is large.
    const { createS3Storage } = await import('./storage-s3.js');
    storage = createS3Storage(config.s3);
    log(`files: S3 bucket ${config.s3.bucket}${config.s3.prefix ? `/${config.s3.prefix}` : ''}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`);
  } else {
    storage = createLocalStorage(path.join(config.dataDir, 'files'));
  }
  return {
    database,
    embedded,
    kv,
    storage,
    async close() {
      await kv.close();
      storage.close?.();
      await database.close();
      if (embedded) await embedded.stop();
    },
  };
}
