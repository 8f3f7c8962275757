import { defineModule } from '../../platform/context.js';
import { createFileSigner, registerFileReadRule } from '../uploads/index.js';
import { createTextbooksService } from './textbooks.service.js';
import { registerTextbooksRoutes } from './textbooks.routes.js';

export default defineModule({
  name: 'textbooks',
  register(app, ctx) {
    const textbooks = createTextbooksService({ app, db: ctx.db, lists: ctx.lists, signer: createFileSigner(ctx.db) });
    registerTextbooksRoutes(app, textbooks);
    // A textbook PDF is linked (refId) to its textbook when saved.
    registerFileReadRule(app, 'textbook', (principal, file) => file.refId !== null && textbooks.mayReadFile(principal, file.refId));
  },
});
