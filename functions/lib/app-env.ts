import type { Db } from '../../db/client.ts';
import type { TokenClaims } from '../services/tokens.ts';

/** Hono's environment for every router: the Worker bindings and per-request variables. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    /** Set by requireAuth on authenticated routes. */
    auth: TokenClaims;
  };
}
