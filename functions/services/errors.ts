/**
 * The failures services report, named by what went wrong, not by HTTP: services know no HTTP. The
 * error middleware (functions/middleware/errors.ts) is the one place that turns each kind into a
 * status; the message is written for a person and goes out as it is.
 */
export abstract class DomainError extends Error {
  // Each kind names itself (for logs and tests: `{ name: 'TooMany' }`); written out, since a
  // bundler may rename classes.
  abstract override name: string;
}

/** The input is wrong in a way the schema could not see (a bad code, a common password): 400. */
export class Invalid extends DomainError {
  override name = 'Invalid';
}

/** No valid session or credentials: 401. */
export class Unauthenticated extends DomainError {
  override name = 'Unauthenticated';
}

/** Known, but not allowed (unverified, suspended, deactivated): 403. */
export class Forbidden extends DomainError {
  override name = 'Forbidden';
}

/** Nothing of that id for this caller: 404. */
export class NotFound extends DomainError {
  override name = 'NotFound';
}

/** The current state does not allow it (already there, changed by someone else, taken): 409. */
export class Conflict extends DomainError {
  override name = 'Conflict';
}

/** An upload over the size limit: 413. */
export class TooLarge extends DomainError {
  override name = 'TooLarge';
}

/** An upload of a type we do not accept: 415. */
export class Unsupported extends DomainError {
  override name = 'Unsupported';
}

/** Over a rate limit: 429, with when to come back. */
export class TooMany extends DomainError {
  override name = 'TooMany';
  /** Seconds until another attempt can succeed (sent as `Retry-After`). */
  readonly retryAfter: number;
  // A plain field, not a parameter property: Node's type stripping (scripts/) cannot run those.
  constructor(message: string, retryAfter: number) {
    super(message);
    this.retryAfter = retryAfter;
  }
}

/** Storage or a provider is unreachable for now: 503. */
export class Unavailable extends DomainError {
  override name = 'Unavailable';
}
