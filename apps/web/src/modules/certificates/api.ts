import type {
  CertificateIssuedListQuery,
  CertificateIssuedRow,
  CertificateMine,
  CertificateTemplateCreate,
  CertificateTemplateListQuery,
  CertificateTemplateRow,
  CertificateTemplateUpdate,
  CertificateVerification,
  Page,
} from '@hanlin/shared';
import { api, type DownloadResult } from '../../platform/api/client';

export type CertificateTemplateQuery = Partial<CertificateTemplateListQuery> & { page: number; size: number };
export type CertificateIssuedQuery = Partial<CertificateIssuedListQuery> & { page: number; size: number };

export const findCertificateTemplates = (q: CertificateTemplateQuery) => api<Page<CertificateTemplateRow>>('certificate/template/list', q);
export const getCertificateTemplateById = (input: { id: number }) => api<CertificateTemplateRow>('certificate/template/get', input);
export const insertCertificateTemplate = (input: CertificateTemplateCreate) => api<CertificateTemplateRow>('certificate/template/insert', input);
export const updateCertificateTemplate = (input: CertificateTemplateUpdate) => api<CertificateTemplateRow>('certificate/template/update', input);
export const deleteCertificateTemplates = (input: { ids: number[] }) => api<unknown>('certificate/template/delete', input);

export const findIssuedCertificates = (q: CertificateIssuedQuery) => api<Page<CertificateIssuedRow>>('certificate/issued/list', q);
export const downloadIssuedCertificate = (input: { id: number }) => api<DownloadResult>('certificate/issued/download', input, { download: true });
export const revokeCertificates = (input: { ids: number[] }) => api<unknown>('certificate/issued/revoke', input);

/** Student center "my certificates". */
export const findMyCertificates = (q: { page: number; size: number }) => api<Page<CertificateMine>>('certificate/my', q);
export const downloadMyCertificate = (input: { id: number }) => api<DownloadResult>('certificate/my/download', input, { download: true });

/** Public: anyone may check a number. */
export const verifyCertificate = (input: { number: string }) => api<CertificateVerification>('certificate/verify', input, { anonymous: true, silent: true });
