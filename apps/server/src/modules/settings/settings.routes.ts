import type { FastifyInstance } from 'fastify';
import { settingsRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import type { SettingsService } from './settings.service.js';

export function registerSettingsRoutes(app: FastifyInstance, settings: SettingsService) {
  // Login settings ("set-login").
  registerRoute(app, routes.getLogin, async () => settings.getLogin());
  registerRoute(app, routes.saveLogin, async (req) => settings.saveLogin(req.body));
  // Spec "login config get": what the login page needs before anyone signs in.
  registerRoute(app, routes.loginConfig, async () => settings.loginConfig());
  // Parameter configuration ("manage-parameter").
  registerRoute(app, routes.getParams, async () => settings.getParams());
  registerRoute(app, routes.saveParams, async (req) => settings.saveParams(req.body));
  // Licence ("license-set").
  registerRoute(app, routes.getLicence, async () => settings.getLicence());
  registerRoute(app, routes.saveLicence, async (req) => settings.saveLicence(req.body));
}
