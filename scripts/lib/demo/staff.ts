import type { Db } from '../../../db/client.ts';

/** Development-only demo staff account: returns the printed credentials, or undefined until built. */
export async function seedDemoStaff(_db: Db): Promise<{ label: string; email: string; password: string } | undefined> {
  return undefined;
}
