import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CertificateCheckNameSchema,
  CertificateIssuedListQuerySchema,
  CertificateMyQuerySchema,
  CertificateTemplateCreateSchema,
  CertificateTemplateListQuerySchema,
  CertificateTemplateUpdateSchema,
  CertificateVerifySchema,
  IdBodySchema,
  IdsSchema,
} from '@hanlin/shared';
import { ok } from '../../platform/http.js';
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

export function registerCertificatesRoutes(app: FastifyInstance, certs: CertificatesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificate'];

  // Templates (manage-certificate, add-certificate): platform-wide, no organization scope.
  r.post('/api/certificate/template/list', { config: { permission: ['zsgl'] }, schema: { tags, body: CertificateTemplateListQuerySchema } }, async (req) =>
    ok(await certs.list(principalOf(req), req.body)),
  );
  r.post('/api/certificate/template/get', { config: { permission: ['zsgl'] }, schema: { tags, body: IdBodySchema } }, async (req) =>
    ok(await certs.get(principalOf(req), req.body.id)),
  );
  r.post('/api/certificate/template/check-name', { config: { permission: ['zsgl', 'zsgl:add', 'zsgl:modify'] }, schema: { tags, body: CertificateCheckNameSchema } }, async (req) =>
    ok(await certs.checkName(req.body)),
  );
  r.post(
    '/api/certificate/template/insert',
    { config: { permission: ['zsgl:add'], operation: 'certificate.template.insert' }, schema: { tags, body: CertificateTemplateCreateSchema } },
    async (req) => ok(await certs.insert(principalOf(req), req.body)),
  );
  r.post(
    '/api/certificate/template/update',
    { config: { permission: ['zsgl:modify'], operation: 'certificate.template.update' }, schema: { tags, body: CertificateTemplateUpdateSchema } },
    async (req) => ok(await certs.update(principalOf(req), req.body)),
  );
  r.post('/api/certificate/template/delete', { config: { permission: ['zsgl:delete'], operation: 'certificate.template.delete' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await certs.remove(req.body.ids)),
  );

  // Issued certificates: holders inside the caller's data scope.
  r.post('/api/certificate/issued/list', { config: { permission: ['zsgl'] }, schema: { tags, body: CertificateIssuedListQuerySchema } }, async (req) =>
    ok(await certs.issuedList(principalOf(req), req.body)),
  );
  r.post('/api/certificate/issued/download', { config: { permission: ['zsgl'] }, schema: { tags, body: IdBodySchema } }, async (req, reply) =>
    sendPdf(reply, await certs.issuedPdf(principalOf(req), req.body.id)),
  );
  r.post('/api/certificate/issued/revoke', { config: { permission: ['zsgl:delete'], operation: 'certificate.revoke' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await certs.revoke(principalOf(req), req.body.ids)),
  );

  // Student center "my certificates".
  r.post('/api/certificate/my', { config: { permission: 'authenticated' }, schema: { tags, body: CertificateMyQuerySchema } }, async (req) =>
    ok(await certs.mine(principalOf(req), req.body)),
  );
  r.post('/api/certificate/my/download', { config: { permission: 'authenticated' }, schema: { tags, body: IdBodySchema } }, async (req, reply) =>
    sendPdf(reply, await certs.minePdf(principalOf(req), req.body.id)),
  );

  // Anyone may check a number (masked holder name, no other personal data).
  r.post('/api/certificate/verify', { config: { permission: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { tags, body: CertificateVerifySchema } }, async (req) =>
    ok(await certs.verify(req.body.number)),
  );
}
