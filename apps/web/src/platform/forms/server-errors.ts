import type { FormInstance } from 'antd';
import { ApiError } from '../api/client';
import { reportError } from '../api/errors';
import { fieldOf } from '../field-of';

/** Catalogue names whose field is known even when an answer names none. */
const FIELD_OF: Record<string, string> = {
  DUPLICATE_USER_NAME: 'username',
  DUPLICATE_EMAIL: 'email',
  DUPLICATE_PHONE: 'phone',
  DUPLICATE_CARD_NUMBER: 'cardNumber',
  DUPLICATE_ROLE_NAME: 'name',
  DUPLICATE_ORGANIZATION: 'name',
  DUPLICATE_LECTURER: 'username',
};

/** The form field a server refusal names: the answer's `field`, the first zod issue, or a code map. */
export function fieldOfError(err: unknown, byCode: Record<string, string> = {}): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  if (err.field) return err.field;
  const data = err.data;
  const field = fieldOf(Array.isArray(data) ? data[0] : data, 'field');
  if (typeof field === 'string' && field) return field;
  return byCode[err.name] ?? FIELD_OF[err.name];
}

export interface SaveErrorOptions {
  /** Field names (dotted for nested ones) the form shows; other fields go to the message bar. Any field when absent. */
  fields?: readonly string[];
  /** Error name -> field, for refusals whose answer names no field. */
  byCode?: Record<string, string>;
  /** Show an error on a nested field (`audience.0.id`) on its top-level field (`audience`). */
  topLevel?: boolean;
  /** Also report the error the usual way (for calls that were not made `silent`, it already was). */
  report?: boolean;
}

/**
 * Shows a failed save on the form field the server named (dotted names become nested paths);
 * anything not tied to a shown field goes to the client's usual error report.
 * Returns whether a field took the error.
 */
export function showSaveError(form: FormInstance, err: unknown, { fields, byCode, topLevel, report = true }: SaveErrorOptions = {}): boolean {
  if (!(err instanceof ApiError)) return false;
  const named = [fieldOfError(err, byCode), ...issueFields(err)]
    .map((f) => (topLevel ? f?.split('.')[0] : f))
    .filter((f): f is string => !!f && (!fields || fields.includes(f)));
  const names = [...new Set(named)].map((f) => (f.includes('.') ? f.split('.') : f));
  if (names.length) {
    form.setFields(names.map((name) => ({ name, errors: [err.text] })));
    form.scrollToField(names[0]);
    return true;
  }
  if (report) reportError(err);
  return false;
}

/** Every field a refused body names (PARAMETER_INVALID lists up to ten issues in `data`). */
function issueFields(err: ApiError): string[] {
  const data = err.data;
  if (!Array.isArray(data)) return [];
  return data.map((d: { field?: unknown } | null) => (d && typeof d.field === 'string' ? d.field : '')).filter(Boolean);
}
