import i18n from 'i18next';
import { SCORM_PARSE_REASONS, isOneOf } from '@hanlin/shared';
import type { ApiError } from '../../../platform/api/client';

/** A refused import in words a person can act on: the reason the server sent, with the file or folder it named. */
export function scormRefusalText(err: ApiError): string {
  const reason = err.dataField('reason');
  if (err.name === 'SCORM_PARSE_FAILED' && reason && isOneOf(SCORM_PARSE_REASONS, reason)) {
    return `${err.text}: ${i18n.t(`scorm.reason.${reason}`, { detail: err.dataField('detail') ?? '' })}`;
  }
  return err.text;
}
