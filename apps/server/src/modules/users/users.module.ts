import { defineModule } from '../../platform/context.js';
import { registerUsersRoutes } from './users.routes.js';
import { registerUsersExcelRoutes } from './users.import.routes.js';
import { createUsersService } from './users.service.js';
import { createUsersImportService } from './users.import.js';
import { createInitialPasswordHasher } from './users.passwords.js';
import { registerUsersDashboard } from './users.dashboard.js';
import { DICT_TYPES, isOneOf, keysOf } from '@hanlin/shared';
import { registerDictUse } from '../dict/index.js';
import { registerRoleUse } from '../roles/index.js';
import { registerPositionUse } from '../positions/index.js';
import { registerOrgMembers } from '../orgs/index.js';
import { orgMembers } from './users.members.js';
import { countPositionHolders, dictValuesHeld, holdersOfRoles, positionsHeld, rolesHeld } from './users.repository.js';
import { userEventsOf } from './users.events.js';

const DICT_COLUMNS = { [DICT_TYPES.userType]: 'type', [DICT_TYPES.city]: 'city', [DICT_TYPES.team]: 'team' } as const;

export default defineModule({
  name: 'users',
  async register(app, ctx) {
    const hasher = createInitialPasswordHasher({ db: ctx.db, log: ctx.log, credentials: ctx.credentials });
    const users = createUsersService({
      db: ctx.db,
      lists: ctx.lists,
      principals: ctx.principals,
      sessions: ctx.sessions,
      credentials: ctx.credentials,
      hasher,
      events: userEventsOf(app),
    });
    app.decorate('initialPasswords', { idle: () => hasher.idle() });
    app.addHook('onReady', async () => hasher.kick());
    app.addHook('onClose', async () => hasher.stop());
    const importer = createUsersImportService({ db: ctx.db, storage: ctx.storage, hasher });
    registerUsersRoutes(app, { users });
    // A type, city or team some user holds cannot leave the dictionary (IN_USE_DICT_ENTRY).
    registerDictUse(app, 'users', {
      types: Object.keys(DICT_COLUMNS),
      inUse: async (db, type, values) => (isOneOf(keysOf(DICT_COLUMNS), type) ? dictValuesHeld(db, DICT_COLUMNS[type], values) : []),
    });
    // A role some user holds is not deleted; a changed role's holders get fresh sessions.
    registerRoleUse(app, 'users', { inUse: rolesHeld, holders: holdersOfRoles });
    // A position some user holds is not deleted; the positions list counts its holders.
    registerPositionUse(app, 'users', { inUse: positionsHeld, countHolders: countPositionHolders });
    // The organization pages count, list and guard their people through users.
    registerOrgMembers(app, 'users', orgMembers);
    await registerUsersExcelRoutes(app, { importer });
    registerUsersDashboard(ctx);
  },
});
