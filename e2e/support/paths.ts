import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e/artifacts');
/** The seeded administrator's password (ADMIN_PASSWORD given to the server). */
export const ADMIN_PASSWORD = 'Admin-1234';
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
