import { api } from '../../platform/api/client';

import type { UploadResult } from '@hanlin/shared';

export type UploadedFile = UploadResult;

export function uploadFile(input: { file: File | Blob; name?: string }) {
  const fd = new FormData();
  fd.append('file', input.file, input.name ?? (input.file instanceof File ? input.file.name : 'file'));
  return api<UploadedFile>('upload/file', fd);
}
