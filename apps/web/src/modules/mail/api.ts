import { mailRoutes as routes, type MailLogListQuery, type MailSettingsSave } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type MailLogQuery = Partial<MailLogListQuery> & { page: number; size: number };

export const getMailSettings = () => call(routes.getSettings);
export const saveMailSettings = (input: MailSettingsSave) => call(routes.saveSettings, input, { silent: true });

export const findMailLogs = (q: MailLogQuery) => call(routes.listLogs, q);
/** Resends failed mails one by one (sent ones are left alone): can take a while. */
export const resendMails = (input: { ids: number[] }) => call(routes.resend, input, { timeout: 10 * 60_000 });
export const markMailsRead = (input: { ids: number[] }) => call(routes.markRead, input);
