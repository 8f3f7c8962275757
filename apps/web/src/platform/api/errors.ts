import { ERRORS, errorByCode, isErrorName } from '@hanlin/shared';
import i18n from 'i18next';
import { fieldOf } from '../field-of';
import { errorMessage } from '../i18n';
import { feedback } from '../feedback';
import { goTo } from '../navigation';
import { session } from '../session';

/** The one error type every failed call becomes (HTTP failure, code ≠ 200, timeout, network). */
export class ApiError extends Error {
  constructor(
    /** Upper-case catalogue name (`LOGIN_ERROR_NOT_MATCH`) or what the server sent. */
    readonly name: string,
    readonly code: number,
    readonly status: number,
    readonly data: unknown = null,
    /** The input field the server named as at fault, if any. */
    readonly field?: string,
  ) {
    super(name);
  }
  /** One field of `data` (whatever shape the server sent), or undefined. */
  dataField(key: string): unknown {
    return fieldOf(this.data, key);
  }
  /** Text in the current language. */
  get text(): string {
    return errorMessage(this.name);
  }
}

/** Builds an ApiError from whatever came back; unknown shapes become SERVER_ERROR. */
export function normalizeError(status: number, body: unknown, cause?: unknown): ApiError {
  if (cause instanceof ApiError) return cause;
  if (cause instanceof DOMException && cause.name === 'AbortError') {
    return new ApiError('NETWORK_DELAY', ERRORS.NETWORK_DELAY.code, 0);
  }
  if (cause) return new ApiError('NETWORK_DELAY', ERRORS.NETWORK_DELAY.code, 0);
  const [envCode, msg, envField] = [fieldOf(body, 'code'), fieldOf(body, 'msg'), fieldOf(body, 'field')];
  const code = typeof envCode === 'number' ? envCode : 0;
  let name = typeof msg === 'string' && msg ? msg : '';
  if (!isErrorName(name)) name = errorByCode(code)?.name ?? (status === 401 ? 'UNAUTHENTICATED' : name || 'SERVER_ERROR');
  const field = typeof envField === 'string' && envField ? envField : undefined;
  return new ApiError(name, code || (isErrorName(name) ? ERRORS[name].code : 0), status, fieldOf(body, 'data') ?? null, field);
}

let blocking = false;

function leave() {
  blocking = false;
  session.clear();
  // Signing in again returns to the page the user was on (see RequireAuth).
  const here = typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;
  goTo(here === '/' || here.startsWith('/?') ? '/' : `/?redirect=${encodeURIComponent(here)}`);
}

/** One sign-out question at a time: its answer (the confirmation's has no cancel button, Esc closes it) clears the session and returns to login. */
function askToLeave(err: ApiError, kind: 'confirm' | 'warning') {
  if (blocking) return;
  blocking = true;
  feedback.modal[kind]({
    title: i18n.t('common.notice'),
    content: err.text,
    okText: i18n.t('auth.backToLogin'),
    ...(kind === 'confirm' ? { cancelButtonProps: { style: { display: 'none' } }, onCancel: leave } : {}),
    onOk: leave,
  });
}

/**
 * Spec section 7: 2095 asks for confirmation, invalid token / 401 / 460 alert, both then
 * clear the session and return to login; anything else is a translated message.
 */
export function reportError(err: ApiError): void {
  if (err.code === ERRORS.REPEAT_LOGIN_ERROR.code) return askToLeave(err, 'confirm');
  // A licence refused on the licence page (LICENSE_ERROR) is a message there, not a sign-out.
  if (err.name === 'TOKEN_INVALID' || err.status === 401 || (err.status === 460 && err.name !== 'LICENSE_ERROR')) return askToLeave(err, 'warning');
  feedback.message.error(err.text);
}
