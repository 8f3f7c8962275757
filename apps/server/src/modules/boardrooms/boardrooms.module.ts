import { defineModule } from '../../platform/context.js';
import { registerBoardroomsRoutes } from './boardrooms.routes.js';
import { createBoardroomsService } from './boardrooms.service.js';

export default defineModule({
  name: 'boardrooms',
  register(app, { db, lists }) {
    registerBoardroomsRoutes(app, createBoardroomsService({ app, db, lists }));
  },
});
