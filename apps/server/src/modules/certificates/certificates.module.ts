import { hasAnyPermission } from '@hanlin/shared';
import { defineModule } from '../../platform/context.js';
import { createFileSigner, registerFileReadRule } from '../uploads/index.js';
import { registerCertificatesRoutes } from './certificates.routes.js';
import { createCertificatesService } from './certificates.service.js';

export default defineModule({
  name: 'certificates',
  register(app, ctx) {
    const certs = createCertificatesService({ db: ctx.db, lists: ctx.lists, storage: ctx.storage, signer: createFileSigner(ctx.db) });
    registerCertificatesRoutes(app, certs);
    // Template images: every certificate manager (an image may be on certificates of any organization,
    // copied at issue). Holders see the thumbnail through its signed public link.
    registerFileReadRule(app, 'certificate', (principal) => hasAnyPermission(principal.permissions, ['zsgl']));
  },
});
