/**
 * Publishes a finished `vite build` into the served directory without ever breaking a server
 * that is running on it (issue 8 point 12): the build is written to a staging directory, its
 * text files get .br and .gz siblings (served by @fastify/static's `preCompressed`), new files
 * are moved in one by one with a rename, and index.html is swapped last. Hashed assets of the
 * previous builds stay, so a running server's index.html, and tabs still open on an older
 * version, find every chunk they name; assets that no recent build names are removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|wasm)$/i;
/** Below this, compression saves less than the headers cost. */
const MIN_SIZE = 1024;
/** Builds whose assets stay: the running one, the one before, and some slack for open tabs. */
const KEEP_BUILDS = 5;
/** In the served directory; a dot file, so @fastify/static never serves it. */
const RECORD = '.builds.json';

interface BuildRecord {
  at: string;
  /** Paths under assets/, including .br/.gz siblings. */
  assets: string[];
}

function filesUnder(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file (never index.html) when they are smaller. */
export async function precompress(dir: string): Promise<void> {
  const files = filesUnder(dir).filter((f) => COMPRESSIBLE.test(f) && f !== 'index.html');
  await Promise.all(
    files.map(async (f) => {
      const full = path.join(dir, f);
      const raw = await fs.promises.readFile(full);
      if (raw.length < MIN_SIZE) return;
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < raw.length) await fs.promises.writeFile(`${full}.br`, br);
      if (gz.length < raw.length) await fs.promises.writeFile(`${full}.gz`, gz);
    }),
  );
}

/** Copies `from` to `to` so that a reader sees the old file or the whole new one, never a part. */
function replaceAtomically(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const tmp = `${to}.${process.pid}.tmp`;
  fs.copyFileSync(from, tmp);
  fs.renameSync(tmp, to);
}

function readRecords(dist: string): BuildRecord[] {
  try {
    return JSON.parse(fs.readFileSync(path.join(dist, RECORD), 'utf8')) as BuildRecord[];
  } catch {
    // First publish over a directory an older build step filled: its assets count as one build.
    const assets = filesUnder(path.join(dist, 'assets')).map((f) => `assets/${f}`);
    return assets.length ? [{ at: 'before', assets }] : [];
  }
}

export async function publish(opts: { staging: string; dist: string; keepBuilds?: number }): Promise<void> {
  const { staging, dist } = opts;
  const keep = opts.keepBuilds ?? KEEP_BUILDS;
  if (!fs.existsSync(path.join(staging, 'index.html'))) throw new Error(`${staging} holds no index.html: nothing to publish`);
  await precompress(staging);

  const files = filesUnder(staging);
  const records = readRecords(dist);
  for (const f of files) {
    if (f === 'index.html') continue;
    const to = path.join(dist, f);
    // A hashed name is its content: the file there already is this one.
    if (f.startsWith('assets/') && fs.existsSync(to)) continue;
    replaceAtomically(path.join(staging, f), to);
  }
  // Last: from here on new page loads ask for the new assets, which are all in place.
  replaceAtomically(path.join(staging, 'index.html'), path.join(dist, 'index.html'));

  const kept = [{ at: new Date().toISOString(), assets: files.filter((f) => f.startsWith('assets/')) }, ...records].slice(0, keep);
  const named = new Set(kept.flatMap((r) => r.assets));
  for (const f of filesUnder(path.join(dist, 'assets'))) {
    if (!named.has(`assets/${f}`)) fs.rmSync(path.join(dist, 'assets', f), { force: true });
  }
  const tmp = path.join(dist, `${RECORD}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, `${JSON.stringify(kept, null, 1)}\n`);
  fs.renameSync(tmp, path.join(dist, RECORD));
  fs.rmSync(staging, { recursive: true, force: true });
}
