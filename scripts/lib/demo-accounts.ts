import type { Db } from '#db/client.ts';
import { isLoopbackHost } from '#functions/lib/config.ts';
import { seedDemoStudent } from './demo/student.ts';
import { seedDemoPartner } from './demo/partner.ts';
import { seedDemoApplicant } from './demo/applicant.ts';
import { seedDemoStaff } from './demo/staff.ts';

/**
 * Whether the seed may create the demo accounts (known passwords): only in the local database, only
 * when the vars the local Worker runs with (wrangler.toml's, overridden by .dev.vars) say
 * ENVIRONMENT=development, and only when the site it serves is on a loopback host (SITE_URL from the
 * shell, as `npm start` and the browser tests pass it, else those vars). The same two conditions
 * as the Worker's dev routes; anything missing or unreadable means no.
 */
export function demoAccountsDecision(
  target: string,
  vars: { ENVIRONMENT?: string; SITE_URL?: string },
  shellSiteUrl = process.env.SITE_URL,
) {
  if (target !== 'local')
    return { allowed: false, reason: `the ${target} database is never given demo accounts` } as const;
  if (vars.ENVIRONMENT !== 'development')
    return {
      allowed: false,
      reason: `ENVIRONMENT is ${vars.ENVIRONMENT ? `"${vars.ENVIRONMENT}"` : 'not set'}, not development`,
    } as const;
  const siteUrl = shellSiteUrl || vars.SITE_URL || '';
  if (!URL.canParse(siteUrl) || !isLoopbackHost(new URL(siteUrl).hostname))
    return { allowed: false, reason: 'SITE_URL is not on a loopback host' } as const;
  return { allowed: true, reason: 'development on a loopback host' } as const;
}

/** Development-only demo accounts (spec/0-decisions.md), created once and printed on every start. */
export async function seedDemoAccounts(db: Db): Promise<void> {
  const accounts: { label: string; email: string; password: string; notes?: string[] }[] = [
    await seedDemoStudent(db),
    await seedDemoPartner(db),
    await seedDemoApplicant(db),
    await seedDemoStaff(db),
  ].filter((a) => a !== undefined);
  if (!accounts.length) return;
  console.log('\nDemo accounts (development only):');
  for (const a of accounts) {
    console.log(`  ${a.label.padEnd(14)} ${a.email}  /  ${a.password}`);
    for (const note of a.notes ?? []) console.log(`  ${''.padEnd(14)} ${note}`);
  }
  console.log('');
}
