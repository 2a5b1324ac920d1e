// The GitHub token behind Publish (DEPLOY_HOOK_TOKEN, a fine-grained token for the repository's
// dispatch endpoint) expires on a date its owner chose, at most a year out, and on that day every
// Publish fails. GitHub names the date on each API answer to such a token, in the
// `GitHub-Authentication-Token-Expiration` header. Once a day the watch job asks GitHub about the
// repository with the token, notes the date (or that GitHub refused the token), and from 30 days
// before it the back office's dashboard shows a warning and staff get an alert.
import type { Db } from '#db/client.ts';
import { readJobState, writeJobState } from '#db/queries/scheduled-state.ts';
import { config } from '../../lib/config.ts';

/** Warn this many days before the token expires. */
export const TOKEN_WARNING_DAYS = 30;
/** Ask GitHub at most this often. */
export const TOKEN_CHECK_INTERVAL_MS = 24 * 3600_000;
const DAY_MS = 24 * 3600_000;
/** Where the last answer is kept (db/schema scheduled_state, one row a job). */
const STATE_KEY = 'deploy-token';

/** What GitHub last said about the token. */
export interface DeployTokenState {
  /** Which token was asked about: the start of its SHA-256 (a replaced secret is asked about at once). */
  token: string;
  checkedAt: string;
  /** When the token expires (ISO); null when GitHub named no date (a token that never expires). */
  expiresAt: string | null;
  /** GitHub answered 401: the token has expired or was revoked, and Publish cannot start a build. */
  refused: boolean;
}

/** A warning the back office shows admins: the setting to change and why. */
export interface ConfigWarning {
  setting: string;
  message: string;
}

/**
 * The repository's API address behind a GitHub dispatch hook
 * (https://api.github.com/repos/<owner>/<repo>/dispatches, or GitHub Enterprise's /api/v3/repos/…),
 * or null for any other hook (Workers Builds' deploy hooks carry no token to expire).
 */
export function githubRepositoryApi(hookUrl: string): string | null {
  if (!URL.canParse(hookUrl)) return null;
  const url = new URL(hookUrl);
  const m = /^((?:\/api\/v3)?\/repos\/[^/]+\/[^/]+)\/dispatches\/?$/.exec(url.pathname);
  if (url.protocol !== 'https:' || !m) return null;
  return `${url.origin}${m[1]}`;
}

/**
 * The expiry GitHub names (`2026-12-31 23:59:59 UTC`, or with a numeric offset such as `-0700`),
 * or null when the header is absent or unreadable.
 */
export function parseTokenExpiry(header: string | null): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})\s*(UTC|Z|[+-]\d{2}:?\d{2})?$/.exec(
    header?.trim() ?? '',
  );
  if (!m) return null;
  const zone = !m[3] || m[3] === 'UTC' || m[3] === 'Z' ? 'Z' : m[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const date = new Date(`${m[1]}T${m[2]}${zone}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A token's fingerprint: enough to tell a replaced secret, nothing to recover it from. */
export async function tokenFingerprint(token: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest).slice(0, 6)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Notes what one GitHub answer to the token says (what Publish's own hook call may note too). */
export async function noteDeployTokenAnswer(
  db: Db,
  token: string,
  res: Response,
  now: Date,
): Promise<DeployTokenState> {
  const state: DeployTokenState = {
    token: await tokenFingerprint(token),
    checkedAt: now.toISOString(),
    expiresAt:
      parseTokenExpiry(res.headers.get('github-authentication-token-expiration'))?.toISOString() ?? null,
    refused: res.status === 401,
  };
  await writeJobState(db, STATE_KEY, state, now);
  return state;
}

/**
 * What GitHub last said about the Worker's token, or null when nobody has asked about this token yet
 * (none asked, or the secret was replaced since: what was said is about another token).
 */
export async function readDeployTokenState(db: Db, env: Env): Promise<DeployTokenState | null> {
  const token = config(env).deployHook?.token;
  const state = (await readJobState(db, STATE_KEY)) as DeployTokenState | undefined;
  if (!token || !state || typeof state.checkedAt !== 'string') return null;
  return state.token === (await tokenFingerprint(token)) ? state : null;
}

/**
 * Asks GitHub about the repository with the token, when Publish goes through a GitHub dispatch hook
 * with a token and the last answer is a day old. Resolves to the new state, or null when nothing
 * was asked (no such hook, not due, or GitHub could not be reached: asked again next run).
 */
export async function checkDeployToken(
  env: Env,
  db: Db,
  now: Date,
  doFetch: typeof fetch = fetch,
): Promise<DeployTokenState | null> {
  const hook = config(env).deployHook;
  const repository = hook?.token ? githubRepositoryApi(hook.url) : null;
  if (!hook?.token || !repository) return null;
  const last = await readDeployTokenState(db, env);
  if (last && now.getTime() - Date.parse(last.checkedAt) < TOKEN_CHECK_INTERVAL_MS) return null;
  let res: Response;
  try {
    res = await doFetch(repository, {
      headers: {
        Accept: 'application/vnd.github+json',
        Authorization: `Bearer ${hook.token}`,
        'User-Agent': 'bridgeway-global-publish',
        'X-GitHub-Api-Version': '2022-11-28',
      },
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return null;
  }
  await res.body?.cancel();
  // A 5xx or a rate limit says nothing about the token.
  if (res.status !== 401 && !res.ok) return null;
  return noteDeployTokenAnswer(db, hook.token, res, now);
}

/** The dashboard's warnings about the token: refused, expired, or expiring within 30 days. */
export function deployTokenWarnings(state: DeployTokenState | null, now: Date): ConfigWarning[] {
  if (!state) return [];
  const setting = 'DEPLOY_HOOK_TOKEN';
  if (state.refused)
    return [
      {
        setting,
        message: `GitHub refused the token Publish uses (checked ${state.checkedAt.slice(0, 10)}): it has expired or was revoked, so Publish cannot start a build. Create a new fine-grained token for the repository ("Contents: read and write") and replace the secret: wrangler secret put DEPLOY_HOOK_TOKEN.`,
      },
    ];
  if (!state.expiresAt) return [];
  const days = Math.ceil((Date.parse(state.expiresAt) - now.getTime()) / DAY_MS);
  if (days > TOKEN_WARNING_DAYS) return [];
  const on = state.expiresAt.slice(0, 10);
  return [
    {
      setting,
      message:
        days <= 0
          ? `The GitHub token Publish uses expired on ${on}: Publish cannot start a build. Create a new fine-grained token for the repository ("Contents: read and write") and replace the secret: wrangler secret put DEPLOY_HOOK_TOKEN.`
          : `The GitHub token Publish uses expires on ${on}, in ${days} day${days === 1 ? '' : 's'}. Before then, create a new fine-grained token for the repository ("Contents: read and write") and replace the secret: wrangler secret put DEPLOY_HOOK_TOKEN.`,
    },
  ];
}
