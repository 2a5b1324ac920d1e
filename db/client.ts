import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema/index.ts';

/**
 * A Drizzle database over a D1 binding (the Worker's `env.DB`, or getPlatformProxy's in Node), or
 * over a D1 session (`env.DB.withSession(…)`, functions/middleware/db.ts) so reads can be served
 * by read replicas.
 */
export function createDb(d1: D1Database | D1DatabaseSession) {
  // Drizzle's D1 driver only calls prepare() and batch(), which a session has too; its type names
  // the binding alone.
  return drizzle(d1 as D1Database, { schema });
}

export type Db = ReturnType<typeof createDb>;
export { schema };
