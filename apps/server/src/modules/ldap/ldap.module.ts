import { defineModule } from '../../platform/context.js';
import { createLdapService } from './ldap.service.js';
import { registerLdapRoutes } from './ldap.routes.js';

export default defineModule({
  name: 'ldap',
  register(app, { db, principals }) {
    registerLdapRoutes(app, createLdapService({ db, principals }));
  },
});
