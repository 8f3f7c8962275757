import { api } from '../../platform/api/client';

import type { UploadKind, UploadPurpose, UploadResult } from '@hanlin/shared';

export type UploadedFile = UploadResult;

/**
 * `purpose` decides who besides the uploader may read the file (avatar: every signed-in user;
 * notice: the notice's readers once saved with it; feedback: feedback managers).
 */
export function uploadFile(input: { file: File | Blob; name?: string; purpose: UploadPurpose; kind?: UploadKind }) {
  const fd = new FormData();
  fd.append('file', input.file, input.name ?? (input.file instanceof File ? input.file.name : 'file'));
  return api<UploadedFile>('upload/file', fd, { query: { purpose: input.purpose, kind: input.kind } });
}
