import i18n from 'i18next';
import { SCORM_PARSE_REASONS, isOneOf } from '@hanlin/shared';
import type { ApiError } from '../../../platform/api/client';

/** A refused import in words a person can act on: the reason the server sent, with the file or folder it named. */
export function scormRefusalText(err: ApiError): string {
  const data = (err.data ?? {}) as { reason?: string; detail?: string };
  if (err.name === 'SCORM_PARSE_FAILED' && data.reason && isOneOf(SCORM_PARSE_REASONS, data.reason)) {
    return `${err.text}: ${i18n.t(`scorm.reason.${data.reason}`, { detail: data.detail ?? '' })}`;
  }
  return err.text;
}
