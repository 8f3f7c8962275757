import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { AvailableSchema, CountSchema, FileAnswerSchema, defineRoute, writeRoute } from './contract.js';
import {
  CertificateCheckNameSchema,
  CertificateIssuedListQuerySchema,
  CertificateIssuedRowSchema,
  CertificateMineSchema,
  CertificateMyQuerySchema,
  CertificateTemplateCreateSchema,
  CertificateTemplateListQuerySchema,
  CertificateTemplateRowSchema,
  CertificateTemplateUpdateSchema,
  CertificateVerificationSchema,
  CertificateVerifySchema,
} from './certificates.js';

const tags = ['certificate'] as const;

/**
 * Certificates: templates (of organizations inside the caller's data scope), issued certificates
 * (holders inside the caller's data scope), the holder's own, and the public check of a number.
 */
export const certificateRoutes = {
  templateList: defineRoute({
    method: 'POST',
    path: '/api/certificate/template/list',
    permission: ['zsgl'],
    tags,
    body: CertificateTemplateListQuerySchema,
    response: pageSchema(CertificateTemplateRowSchema),
  }),
  templateGet: defineRoute({ method: 'POST', path: '/api/certificate/template/get', permission: ['zsgl'], tags, body: IdBodySchema, response: CertificateTemplateRowSchema }),
  templateCheckName: defineRoute({
    method: 'POST',
    path: '/api/certificate/template/check-name',
    permission: ['zsgl', 'zsgl:add', 'zsgl:modify'],
    tags,
    body: CertificateCheckNameSchema,
    response: AvailableSchema,
  }),
  templateInsert: writeRoute('/api/certificate/template/insert', ['zsgl:add'], 'certificate.template.insert', {
    tags,
    body: CertificateTemplateCreateSchema,
    response: CertificateTemplateRowSchema,
  }),
  templateUpdate: writeRoute('/api/certificate/template/update', ['zsgl:modify'], 'certificate.template.update', {
    tags,
    body: CertificateTemplateUpdateSchema,
    response: CertificateTemplateRowSchema,
  }),
  templateDelete: writeRoute('/api/certificate/template/delete', ['zsgl:delete'], 'certificate.template.delete', { tags, body: IdsSchema, response: CountSchema }),
  issuedList: defineRoute({
    method: 'POST',
    path: '/api/certificate/issued/list',
    permission: ['zsgl'],
    tags,
    body: CertificateIssuedListQuerySchema,
    response: pageSchema(CertificateIssuedRowSchema),
  }),
  issuedDownload: defineRoute({
    method: 'POST',
    path: '/api/certificate/issued/download',
    permission: ['zsgl'],
    tags,
    body: IdBodySchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  revoke: writeRoute('/api/certificate/issued/revoke', ['zsgl:delete'], 'certificate.revoke', { tags, body: IdsSchema, response: CountSchema }),
  // Student center "my certificates".
  my: defineRoute({
    method: 'POST',
    path: '/api/certificate/my',
    permission: 'authenticated',
    tags,
    body: CertificateMyQuerySchema,
    response: pageSchema(CertificateMineSchema),
  }),
  myDownload: defineRoute({
    method: 'POST',
    path: '/api/certificate/my/download',
    permission: 'authenticated',
    tags,
    body: IdBodySchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  // Anyone may check a number (masked holder name, no other personal data); a mistyped number is refused
  // by its check character (PARAMETER_INVALID) before any lookup; rate-limited on the server (TOO_MANY_REQUESTS).
  verify: defineRoute({ method: 'POST', path: '/api/certificate/verify', permission: 'public', tags, body: CertificateVerifySchema, response: CertificateVerificationSchema }),
};
