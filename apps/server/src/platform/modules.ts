import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { isRecord, propOf } from '@hanlin/shared';
import type { AppContext, HanlinModule } from './context.js';

const MODULES_DIR = path.resolve(import.meta.dirname, '../modules');

/** Finds `modules/<d>/<d>.module.ts` files so no central list grows with every feature. */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  const dirs = fs
    .readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const dir of dirs) {
    const file = ['ts', 'js'].map((ext) => path.join(MODULES_DIR, dir, `${dir}.module.${ext}`)).find((f) => fs.existsSync(f));
    if (!file) continue;
    const mod = propOf(await import(pathToFileURL(file).href), 'default');
    if (!isModule(mod)) throw new Error(`${path.relative(MODULES_DIR, file)}: the default export is not a module (defineModule)`);
    await mod.register(app, ctx);
  }
}

const isModule = (m: unknown): m is HanlinModule => isRecord(m) && typeof m.name === 'string' && typeof m.register === 'function';
