/**
 * Issue 8 point 12: `npm start` rebuilds the web app while another instance may be serving the
 * same directory. Every asset the running instance's index.html names must stay readable, the
 * page must switch in one step, and the new assets must come with .br/.gz siblings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { publish } from './publish';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tmp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-publish-'));
  dirs.push(d);
  return d;
}

/** What `vite build` writes: index.html naming hashed chunks, and the chunks. */
function fakeBuild(root: string, hash: string, shared = 'react-Shared00'): string {
  const staging = path.join(root, `staging-${hash}`);
  fs.mkdirSync(path.join(staging, 'assets'), { recursive: true });
  const big = `console.log(${JSON.stringify('x'.repeat(5000))});\n`;
  fs.writeFileSync(path.join(staging, `assets/index-${hash}.js`), `/* ${hash} */ ${big}`);
  fs.writeFileSync(path.join(staging, `assets/${shared}.js`), big);
  fs.writeFileSync(path.join(staging, `assets/tiny-${hash}.js`), 'export{}');
  fs.writeFileSync(path.join(staging, 'favicon.svg'), '<svg/>');
  fs.writeFileSync(path.join(staging, 'index.html'), `<script type="module" src="/assets/index-${hash}.js"></script><link rel="modulepreload" href="/assets/${shared}.js">`);
  return staging;
}

const named = (dist: string) => [...fs.readFileSync(path.join(dist, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);

describe('publishing a build', () => {
  it('keeps every asset the running build names, swaps index.html, and leaves no staging behind', async () => {
    const root = tmp();
    const dist = path.join(root, 'dist');
    await publish({ staging: fakeBuild(root, 'Old11111'), dist });
    const running = named(dist);
    expect(running).toEqual(['assets/index-Old11111.js', 'assets/react-Shared00.js']);
    const runningBytes = running.map((f) => fs.readFileSync(path.join(dist, f)));

    const staging = fakeBuild(root, 'New22222');
    await publish({ staging, dist });
    expect(named(dist)).toEqual(['assets/index-New22222.js', 'assets/react-Shared00.js']);
    // What the running instance serves is still there, byte for byte.
    running.forEach((f, i) => expect(fs.readFileSync(path.join(dist, f)).equals(runningBytes[i]!), f).toBe(true));
    expect(fs.existsSync(staging)).toBe(false);
    expect(fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('writes brotli and gzip siblings that decode to the file, only where they pay', async () => {
    const root = tmp();
    const dist = path.join(root, 'dist');
    await publish({ staging: fakeBuild(root, 'Abc12345'), dist });
    const js = fs.readFileSync(path.join(dist, 'assets/index-Abc12345.js'));
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, 'assets/index-Abc12345.js.br'))).equals(js)).toBe(true);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, 'assets/index-Abc12345.js.gz'))).equals(js)).toBe(true);
    expect(fs.statSync(path.join(dist, 'assets/index-Abc12345.js.br')).size).toBeLessThan(js.length / 10);
    // A file too small to gain, and the page itself (served from memory), get none.
    expect(fs.existsSync(path.join(dist, 'assets/tiny-Abc12345.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dist, 'index.html.br'))).toBe(false);
    expect(fs.existsSync(path.join(dist, 'favicon.svg'))).toBe(true);
  });

  it('a server reading assets during a rebuild never misses one', async () => {
    const root = tmp();
    const dist = path.join(root, 'dist');
    await publish({ staging: fakeBuild(root, 'Run00000'), dist });
    const running = named(dist);
    let misses = 0;
    let reads = 0;
    let stop = false;
    const reader = (async () => {
      while (!stop) {
        for (const f of running) {
          reads += 1;
          if (!fs.existsSync(path.join(dist, f)) || fs.statSync(path.join(dist, f)).size === 0) misses += 1;
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    for (let i = 0; i < 3; i++) await publish({ staging: fakeBuild(root, `Reb${i}0000`), dist });
    stop = true;
    await reader;
    expect(reads).toBeGreaterThan(0);
    expect(misses).toBe(0);
  });

  it('removes the assets of builds older than the last few, and adopts a directory built before', async () => {
    const root = tmp();
    const dist = path.join(root, 'dist');
    // A directory an older build step filled (no record yet).
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'assets/index-Legacy00.js'), 'legacy');
    for (let i = 1; i <= 3; i++) {
      await publish({ staging: fakeBuild(root, `Gen${i}0000`, `react-Gen${i}0000`), dist, keepBuilds: 3 });
      // Kept while it is among the last three builds (a server started before the upgrade runs on it).
      expect(fs.existsSync(path.join(dist, 'assets/index-Legacy00.js')), `after build ${i}`).toBe(i < 3);
    }
    const assets = () => fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.startsWith('index-') && f.endsWith('.js'));
    expect(assets().sort()).toEqual(['index-Gen10000.js', 'index-Gen20000.js', 'index-Gen30000.js']);
    expect(fs.existsSync(path.join(dist, 'assets/react-Gen10000.js.br'))).toBe(true);
    await publish({ staging: fakeBuild(root, 'Gen40000', 'react-Gen40000'), dist, keepBuilds: 3 });
    expect(assets().sort()).toEqual(['index-Gen20000.js', 'index-Gen30000.js', 'index-Gen40000.js']);
    expect(fs.existsSync(path.join(dist, 'assets/react-Gen10000.js'))).toBe(false);
    expect(fs.existsSync(path.join(dist, 'assets/react-Gen10000.js.br'))).toBe(false);
  });

  it('refuses a staging directory without a page (a failed build publishes nothing)', async () => {
    const root = tmp();
    await expect(publish({ staging: path.join(root, 'nothing'), dist: path.join(root, 'dist') })).rejects.toThrow(/no index.html/);
    expect(fs.existsSync(path.join(root, 'dist'))).toBe(false);
  });
});
