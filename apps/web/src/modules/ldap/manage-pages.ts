import { definePages } from '../../platform/pages';

export default definePages([{ path: 'ldap-set', load: () => import('./manage/LdapPage') }]);
