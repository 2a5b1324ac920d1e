import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema/index.ts';

/** A Drizzle database over a D1 binding (the Worker's `env.DB`, or getPlatformProxy's in Node). */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof createDb>;
export { schema };
