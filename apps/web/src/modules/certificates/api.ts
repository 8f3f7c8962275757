import {
  certificateRoutes as routes,
  type CertificateIssuedListQuery,
  type CertificateTemplateCreate,
  type CertificateTemplateListQuery,
  type CertificateTemplateUpdate,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type CertificateTemplateQuery = Partial<CertificateTemplateListQuery> & { page: number; size: number };
export type CertificateIssuedQuery = Partial<CertificateIssuedListQuery> & { page: number; size: number };

export const findCertificateTemplates = (q: CertificateTemplateQuery) => call(routes.templateList, q);
export const getCertificateTemplateById = (input: { id: number }) => call(routes.templateGet, input);
export const insertCertificateTemplate = (input: CertificateTemplateCreate) => call(routes.templateInsert, input);
export const updateCertificateTemplate = (input: CertificateTemplateUpdate) => call(routes.templateUpdate, input);
export const deleteCertificateTemplates = (input: { ids: number[] }) => call(routes.templateDelete, input);

export const findIssuedCertificates = (q: CertificateIssuedQuery) => call(routes.issuedList, q);
export const downloadIssuedCertificate = (input: { id: number }) => call(routes.issuedDownload, input);
export const revokeCertificates = (input: { ids: number[] }) => call(routes.revoke, input);

/** Student center "my certificates". */
export const findMyCertificates = (q: { page: number; size: number }) => call(routes.my, q);
export const downloadMyCertificate = (input: { id: number }) => call(routes.myDownload, input);

/** Public: anyone may check a number. */
export const verifyCertificate = (input: { number: string }) => call(routes.verify, input, { silent: true });
