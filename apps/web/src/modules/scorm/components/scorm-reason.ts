import i18n from 'i18next';
import { SCORM_PARSE_REASONS, type ScormParseReason } from '@hanlin/shared';
import type { ApiError } from '../../../platform/api/client';

/** A refused import in words a person can act on: the reason the server sent, with the file or folder it named. */
export function scormRefusalText(err: ApiError): string {
  const data = (err.data ?? {}) as { reason?: string; detail?: string };
  if (err.name === 'SCORM_PARSE_FAILED' && data.reason && (SCORM_PARSE_REASONS as readonly string[]).includes(data.reason)) {
    return `${err.text}: ${i18n.t(`scorm.reason.${data.reason as ScormParseReason}`, { detail: data.detail ?? '' })}`;
  }
  return err.text;
}
