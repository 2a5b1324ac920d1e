import type { Db } from '#db/client.ts';
import type { TokenClaims } from '../services/security/tokens.ts';
import type { Mailer } from '../services/mail/mailer.ts';
import type { Limiter } from '../middleware/rate-limit.ts';

/** Hono's environment for every router: the Worker bindings and per-request variables. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    /** The request's mailer and rate limiter (functions/middleware/request-services.ts). */
    mailer: Mailer;
    limiter: Limiter;
    /** Set by requireAuth on authenticated routes. */
    auth: TokenClaims;
    /**
     * Set by requireAuth: the person the session signs in (null for staff and for a role row not
     * part of a person yet). At a partner organisation's door it is the member who signed in, which
     * the token's subject (the organisation) does not say.
     */
    sessionPerson: string | null;
    /** Set by the requestId middleware (functions/middleware/request-log.ts); echoed as X-Request-Id. */
    requestId: string;
    /** Set by the notFound handler: no route answered (the request log's route is `(unmatched)`). */
    unmatched: boolean;
  };
}
