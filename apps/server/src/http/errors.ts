import { Code, type CodeValue, type Label } from '@gx/contract';

/** A business outcome other than success: answered as `{ code, msg, field? }` with HTTP 200. */
export class AppError extends Error {
  /** The label of `field` in both languages, when the method knows it: the message names the field by it. */
  fieldLabel?: Label;

  constructor(
    readonly code: CodeValue,
    message?: string,
    readonly field?: string,
    readonly data?: unknown,
  ) {
    super(message ?? '');
    this.name = 'AppError';
  }
}

export const fail = {
  validation: (field: string, message?: string) => new AppError(Code.VALIDATION, message, field),
  forbidden: (message?: string) => new AppError(Code.FORBIDDEN, message),
  notFound: (message?: string) => new AppError(Code.NOT_FOUND, message),
  conflict: (message?: string, field?: string) => new AppError(Code.CONFLICT, message, field),
};
