import { definePages } from '../../platform/pages';

export default definePages([{ path: 'manage-logMail-report', load: () => import('./manage/MailLogPage') }]);
