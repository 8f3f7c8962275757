import type { MailLogListQuery, MailLogRow, MailResendResult, MailSettingsSave, MailSettingsView, Page } from '@hanlin/shared';
import { api } from '../../platform/api/client';

export type MailLogQuery = Partial<MailLogListQuery> & { page: number; size: number };

export const getMailSettings = () => api<MailSettingsView>('mail/settings/get');
export const saveMailSettings = (input: MailSettingsSave) => api<MailSettingsView>('mail/settings/save', input, { silent: true });

export const findMailLogs = (q: MailLogQuery) => api<Page<MailLogRow>>('mail/log/list', q);
/** Resends failed mails one by one (sent ones are left alone): can take a while. */
export const resendMails = (input: { ids: number[] }) => api<MailResendResult>('mail/log/resend', input, { timeout: 10 * 60_000 });
export const markMailsRead = (input: { ids: number[] }) => api<{ updated: number }>('mail/log/read', input);
