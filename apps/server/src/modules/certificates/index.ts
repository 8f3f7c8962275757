// Public surface of the certificates module: other modules import only from here.
export { certificates, certificateTemplates } from './certificates.schema.js';
export { certificatesForSources, issueCertificate, type IssueCertificateInput } from './certificates.issue.js';
export { requireTemplateInScope } from './certificates.scope.js';
