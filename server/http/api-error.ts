import { ERRORS, type ErrorName, type ErrorParams } from '../../protocol/errors.ts';

/**
 * A failure the client is meant to see: it carries a catalogue name and parameters, and the
 * central error handler turns it into a translated envelope. Anything else thrown is an
 * internal error and is answered without details.
 */
export class ApiError extends Error {
  readonly errorName: ErrorName;
  readonly params: ErrorParams;

  constructor(errorName: ErrorName, params: ErrorParams = {}) {
    super(errorName);
    this.name = 'ApiError';
    this.errorName = errorName;
    this.params = params;
  }

  get respCode(): string {
    return ERRORS[this.errorName].code;
  }

  get httpStatus(): number {
    return ERRORS[this.errorName].http;
  }
}
