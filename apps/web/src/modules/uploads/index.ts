/** Public face of this module: other modules import only from this file (lint: boundaries). */
export { ImageUpload } from './ImageUpload';
export { uploadFile, type UploadedFile } from './api';
