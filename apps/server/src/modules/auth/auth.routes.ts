import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { requestLang } from '../../platform/http.js';
import type { AuthService, ClientInfo } from './auth.service.js';

/** Who logs in from where: address, browser, and the interface language of the page (the web sends it). */
const clientOf = (req: FastifyRequest): ClientInfo => ({ ip: req.ip, userAgent: req.headers['user-agent'], language: requestLang(req.headers['accept-language']) });

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, opts: { signSalt: () => Promise<string>; loginRatePerMinute: number }) {
  const LOGIN_RATE = { max: opts.loginRatePerMinute, timeWindow: '1 minute' };
  const signSalt = opts.signSalt;
  registerRoute(app, routes.publicKey, async () => ({ publicKey: await auth.publicKey(), signSalt: await signSalt() }));
  registerRoute(app, routes.captcha, async () => auth.captcha(), { rateLimit: { max: 30, timeWindow: '1 minute' } });
  registerRoute(app, routes.login, async (req) => auth.login(req.body, clientOf(req)), { rateLimit: LOGIN_RATE });
  registerRoute(app, routes.phoneCode, async (req) => auth.sendPhoneCode(req.body), { rateLimit: { max: 5, timeWindow: '1 minute' } });
  registerRoute(app, routes.phoneLogin, async (req) => auth.phoneLogin(req.body, clientOf(req)), { rateLimit: LOGIN_RATE });
  registerRoute(app, routes.logout, async (req) => auth.logout(principalOf(req), req.body));
  registerRoute(app, routes.changePassword, async (req) => auth.changePassword(principalOf(req), req.body), { rateLimit: LOGIN_RATE });
}
