import type { FastifyInstance, FastifyReply } from 'fastify';
import { certificateRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { CertificatesService } from './certificates.service.js';

function sendPdf(reply: FastifyReply, { fileName, pdf }: { fileName: string; pdf: Buffer }) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/**
 * Checks of certificate numbers: 10 a minute per address (a person typing numbers never needs
 * more), 300 a minute across the installation (every node, with Redis), so many addresses together
 * cannot walk the numbers either.
 */
export const VERIFY_RATE = { max: 10, timeWindow: '1 minute', installationMax: 300 } as const;

export function registerCertificatesRoutes(app: FastifyInstance, certs: CertificatesService) {
  // Templates (manage-certificate, add-certificate): those of organizations in the caller's data scope.
  registerRoute(app, routes.templateList, async (req) => certs.list(principalOf(req), req.body));
  registerRoute(app, routes.templateGet, async (req) => certs.get(principalOf(req), req.body.id));
  registerRoute(app, routes.templateCheckName, async (req) => certs.checkName(req.body));
  registerRoute(app, routes.templateInsert, async (req) => certs.insert(principalOf(req), req.body));
  registerRoute(app, routes.templateUpdate, async (req) => certs.update(principalOf(req), req.body));
  registerRoute(app, routes.templateDelete, async (req) => certs.remove(principalOf(req), req.body.ids));

  // Issued certificates: holders inside the caller's data scope.
  registerRoute(app, routes.issuedList, async (req) => certs.issuedList(principalOf(req), req.body));
  registerRoute(app, routes.issuedDownload, async (req, reply) => sendPdf(reply, await certs.issuedPdf(principalOf(req), req.body.id)));
  registerRoute(app, routes.revoke, async (req) => certs.revoke(principalOf(req), req.body.ids));

  // Student center "my certificates".
  registerRoute(app, routes.my, async (req) => certs.mine(principalOf(req), req.body));
  registerRoute(app, routes.myDownload, async (req, reply) => sendPdf(reply, await certs.minePdf(principalOf(req), req.body.id)));

  // Anyone may check a number (masked holder name, no other personal data), a few times a minute.
  registerRoute(app, routes.verify, async (req) => certs.verify(req.body.number), { rateLimit: VERIFY_RATE });
}
