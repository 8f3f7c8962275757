import { uploadRoutes, type UploadKind, type UploadPurpose, type UploadResult } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type UploadedFile = UploadResult;

/**
 * `purpose` decides who besides the uploader may read the file (avatar: every signed-in user;
 * notice: the notice's readers once saved with it; feedback: feedback managers).
 */
export function uploadFile(input: { file: File | Blob; name?: string; purpose: UploadPurpose; kind?: UploadKind }) {
  const form = new FormData();
  form.append('file', input.file, input.name ?? (input.file instanceof File ? input.file.name : 'file'));
  return call(uploadRoutes.file, { form, purpose: input.purpose, kind: input.kind });
}
