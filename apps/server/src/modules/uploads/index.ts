// Public surface of the uploads module: other modules import only from here.
export { claimFile, linkFile, registerFileReadRule } from './uploads.access.js';
export { createFileSigner, type FileSigner } from './uploads.signing.js';
