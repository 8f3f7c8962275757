import { ERRORS, type ErrorName } from '@hanlin/shared';

/** The one error domain code throws: a catalogue name, optionally the field at fault and data. */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(
    readonly errorName: ErrorName,
    readonly details: { field?: string; data?: unknown } = {},
  ) {
    super(errorName);
    this.status = ERRORS[errorName].status;
    this.code = ERRORS[errorName].code;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
