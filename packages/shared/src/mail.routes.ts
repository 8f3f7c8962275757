import { z } from 'zod';
import { pageSchema } from './api.js';
import { defineRoute, writeRoute } from './contract.js';
import { MailLogIdsSchema, MailLogListQuerySchema, MailLogManageRowSchema, MailResendResultSchema, MailSettingsSaveSchema, MailSettingsViewSchema } from './mail.js';

/** Outgoing mail settings (cspz) and the mail log (yjrz). */
export const mailRoutes = {
  getSettings: defineRoute({ method: 'POST', path: '/api/mail/settings/get', permission: ['yjrz', 'cspz'], response: MailSettingsViewSchema }),
  saveSettings: writeRoute('/api/mail/settings/save', ['cspz:modify'], 'mail.settings.save', { body: MailSettingsSaveSchema, response: MailSettingsViewSchema }),
  listLogs: defineRoute({ method: 'POST', path: '/api/mail/log/list', permission: ['yjrz'], body: MailLogListQuerySchema, response: pageSchema(MailLogManageRowSchema) }),
  /** Resends failed mails one by one (sent ones are left alone). */
  resend: writeRoute('/api/mail/log/resend', ['yjrz:batch'], 'mail.log.resend', { body: MailLogIdsSchema, response: MailResendResultSchema }),
  markRead: writeRoute('/api/mail/log/read', ['yjrz'], 'mail.log.read', { body: MailLogIdsSchema, response: z.object({ updated: z.number() }) }),
};
