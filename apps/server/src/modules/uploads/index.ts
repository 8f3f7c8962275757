// Public surface of the uploads module: other modules import only from here.
export { claimFile, linkFile, registerFileReadRule } from './uploads.access.js';
export { createFileSigner, type FileSigner } from './uploads.signing.js';
export { fileReadRules, mayReadFile } from './uploads.access.js';
export { getFileByPublicId, type FileRow } from './uploads.repository.js';
export { files } from './uploads.schema.js';
export { contentDisposition } from './uploads.service.js';
export { storeServerFile } from './uploads.store.js';
export { sniffImage } from './uploads.service.js';
