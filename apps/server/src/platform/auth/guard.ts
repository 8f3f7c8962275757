import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONSTANTS, hasAnyPermission, isPermissionCode, signInput, type RoutePermission } from '@hanlin/shared';
import { AppError } from '../errors.js';
import type { Db } from '../db/client.js';
import { createBatcher } from '../batcher.js';
import type { Principal, PrincipalLoader } from './principal.js';
import type { AuthSettings } from './login-settings.js';
import type { Sessions } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyInstance {
    /** Permission of every API route of this app, by `METHOD url`; the OpenAPI document and tests read it. */
    routePermissions: ReadonlyMap<string, RoutePermission>;
  }
}

/** The signed-in caller; only call on routes that are not public. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError('UNAUTHENTICATED');
  return req.principal;
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const TOUCH_EVERY_MS = 60_000;

/**
 * Route level of the two permission layers: every `/api` route must declare `config.permission`
 * (the server refuses to start otherwise) and each call is checked before its body is read.
 */
export function installGuard(app: FastifyInstance, deps: { db: Db; principals: PrincipalLoader; sessions: Pick<Sessions, 'endSession'>; settings: AuthSettings }) {
  // Owned by this app: two apps in one process (tests, workers) each see only their own routes.
  const routePermissions = new Map<string, RoutePermission>();
  app.decorate('routePermissions', routePermissions);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const permission = route.config?.permission;
    if (!permission) throw new Error(`route ${route.url} declares no permission`);
    if (Array.isArray(permission)) {
      if (permission.length === 0) throw new Error(`route ${route.url} declares an empty permission list`);
      for (const code of permission) if (!isPermissionCode(code)) throw new Error(`route ${route.url}: unknown permission ${code}`);
    }
    // A route open only to action codes (`yhgl:add`) changes data: it must name its operation-log entry.
    if (Array.isArray(permission) && permission.every((c) => c.includes(':')) && !route.config?.operation) {
      throw new Error(`route ${route.url} needs an action code but declares no operation for the operation log`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) if (m !== 'HEAD') routePermissions.set(`${m} ${route.url}`, permission);
  });

  // When this node last marked a session seen: the cached session keeps its older time, and is not
  // read again for it. Sessions marked together share one statement.
  const touched = new Map<number, number>();
  const touch = createBatcher<number, void>({
    run: async (ids) => {
      await deps.db.execute(sql`update user_sessions set last_seen_at = now() where id = any(${sql.param(ids)}::int[])`);
      return ids.map(() => undefined);
    },
    key: (id) => id,
    maxInFlight: 2,
    maxBatch: 1000,
  });

  app.addHook('onRequest', async (req) => {
    const permission = req.routeOptions.config?.permission;
    if (!permission || permission === 'public') return;
    const auth = req.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    if (!token) throw new AppError('UNAUTHENTICATED');
    const row = await deps.principals.load(token);
    if (!row) throw new AppError('TOKEN_INVALID');
    if (row.endedAt) throw new AppError(row.endReason === 'replaced' ? 'REPEAT_LOGIN_ERROR' : 'TOKEN_INVALID');
    const settings = await deps.settings.login();
    const idleMs = Date.now() - Math.max(new Date(row.lastSeenAt).getTime(), touched.get(row.sessionId) ?? 0);
    if (idleMs > settings.tokenIdleHours * 3600_000) {
      await deps.sessions.endSession(deps.db, row.sessionId, 'expired');
      throw new AppError('TOKEN_INVALID');
    }
    if (row.userStatus !== 'normal') throw new AppError('LOGIN_ERROR_USER_FREEZED');

    const ts = String(req.headers['x-timestamp'] ?? '');
    const sign = String(req.headers['x-sign'] ?? '').toLowerCase();
    if (!/^\d{10,16}$/.test(ts)) throw new AppError('UNAUTHENTICATED');
    const expected = sha256(signInput(row.userId, ts, row.signNumber, settings.signSalt));
    if (sign.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(sign), Buffer.from(expected))) {
      throw new AppError('UNAUTHENTICATED');
    }
    // Well signed on a clock that is off: the answer tells the server's time, the client corrects it and signs again.
    const now = Date.now();
    if (Math.abs(now - Number(ts)) > CONSTANTS.SIGN_WINDOW_MS) throw new AppError('UNAUTHENTICATED', { field: 'X-Timestamp', data: { serverTime: now } });

    if (idleMs > TOUCH_EVERY_MS) {
      if (touched.size >= 100_000) touched.clear();
      touched.set(row.sessionId, Date.now());
      await touch(row.sessionId);
    }

    req.principal = {
      userId: row.userId,
      username: row.username,
      sessionId: row.sessionId,
      signNumber: row.signNumber,
      orgId: row.orgId,
      permissions: row.permissionSet,
      scopePaths: row.scopePaths,
      firstLogin: row.firstLogin && settings.firstLoginChange,
    };
    if (req.principal.firstLogin && !req.routeOptions.config.beforePasswordChange) {
      throw new AppError('FIRST_LOGIN_CHANGE_PASSWORD');
    }
    if (permission !== 'authenticated' && !hasAnyPermission(req.principal.permissions, permission)) {
      throw new AppError('NO_PERMISSION_ERROR');
    }
  });
}
