import type { Db } from '../../db/client.ts';

/** Development-only demo accounts (see spec/0-decisions.md); filled in by the accounts work. */
export async function seedDemoAccounts(_db: Db): Promise<void> {}
