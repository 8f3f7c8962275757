import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LicenceSaveSchema, LoginSettingsSaveSchema, PlatformParamsSchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import type { SettingsService } from './settings.service.js';

export function registerSettingsRoutes(app: FastifyInstance, settings: SettingsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  // Login settings ("set-login").
  r.post('/api/settings/login/get', { config: { permission: ['dlsz'] }, schema: { tags } }, async () => ok(await settings.getLogin()));
  r.post(
    '/api/settings/login/save',
    { config: { permission: ['dlsz:modify'], operation: 'settings.login.save' }, schema: { tags, body: LoginSettingsSaveSchema } },
    async (req) => ok(await settings.saveLogin(req.body)),
  );
  // Spec "login config get": what the login page needs before anyone signs in.
  r.post('/api/auth/login-config', { config: { permission: 'public' }, schema: { tags: ['auth'] } }, async () => ok(await settings.loginConfig()));

  // Parameter configuration ("manage-parameter").
  r.post('/api/settings/params/get', { config: { permission: ['cspz'] }, schema: { tags } }, async () => ok(await settings.getParams()));
  r.post(
    '/api/settings/params/save',
    { config: { permission: ['cspz:modify'], operation: 'settings.params.save' }, schema: { tags, body: PlatformParamsSchema } },
    async (req) => ok(await settings.saveParams(req.body)),
  );

  // Licence ("license-set").
  r.post('/api/settings/licence/get', { config: { permission: ['xkz'] }, schema: { tags } }, async () => ok(await settings.getLicence()));
  r.post(
    '/api/settings/licence/save',
    { config: { permission: ['xkz:modify'], operation: 'settings.licence.save' }, schema: { tags, body: LicenceSaveSchema } },
    async (req) => ok(await settings.saveLicence(req.body)),
  );
}
