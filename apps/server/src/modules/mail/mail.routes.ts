import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MailLogIdsSchema, MailLogListQuerySchema, MailSettingsSaveSchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import type { MailService } from './mail.service.js';

export function registerMailRoutes(app: FastifyInstance, mail: MailService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];
  r.post('/api/mail/settings/get', { config: { permission: ['yjrz', 'cspz'] }, schema: { tags } }, async () => ok(await mail.getSettings()));
  r.post(
    '/api/mail/settings/save',
    { config: { permission: ['cspz:modify'], operation: 'mail.settings.save' }, schema: { tags, body: MailSettingsSaveSchema } },
    async (req) => ok(await mail.saveSettings(req.body)),
  );
  r.post('/api/mail/log/list', { config: { permission: ['yjrz'] }, schema: { tags, body: MailLogListQuerySchema } }, async (req) =>
    ok(await mail.listLogs(req.body)),
  );
  r.post(
    '/api/mail/log/resend',
    { config: { permission: ['yjrz:batch'], operation: 'mail.log.resend' }, schema: { tags, body: MailLogIdsSchema } },
    async (req) => ok(await mail.resend(req.body.ids)),
  );
  r.post(
    '/api/mail/log/read',
    { config: { permission: ['yjrz'], operation: 'mail.log.read' }, schema: { tags, body: MailLogIdsSchema } },
    async (req) => ok(await mail.markRead(req.body.ids)),
  );
}
