import type { ErrorName, ErrorParams } from './errors.ts';

/**
 * A refusal the caller is meant to see: a catalogue name (./errors.ts) and its parameters.
 * Modules, the ledger and the admin commands throw it; only server/http/ turns it into the
 * translated envelope with the catalogue's code and HTTP status, and the admin CLI into its own
 * message. Anything else thrown is an internal error and is answered without details.
 */
export class DomainError extends Error {
  readonly errorName: ErrorName;
  readonly params: ErrorParams;

  constructor(errorName: ErrorName, params: ErrorParams = {}) {
    super(errorName);
    this.name = 'DomainError';
    this.errorName = errorName;
    this.params = params;
  }
}

/** Whether `error` is the refusal `name` (a caller that turns one refusal into another). */
export function isRefusal(error: unknown, name: ErrorName): error is DomainError {
  return error instanceof DomainError && error.errorName === name;
}
