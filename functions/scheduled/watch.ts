import { readPublishStatus } from '#db/queries/publishing.ts';
import { publishProblemText } from '#schemas/build.ts';
import { config } from '../lib/config.ts';
import { ALERT_QUIET_MS, raiseAlert } from '../services/operations/alerts.ts';
import {
  checkDeployToken,
  deployTokenWarnings,
  readDeployTokenState,
} from '../services/operations/deploy-token.ts';
import { CRONS, type JobContext, type ScheduledJob } from './cron.ts';

/** One alert for a failed or silent Publish, however long it stays so. */
const ONE_PUBLISH_MS = 24 * 3600_000;
/** A warning about the deploy token is repeated weekly until the token is replaced. */
const TOKEN_REMINDER_MS = 7 * 24 * 3600_000;

/**
 * A Publish that failed at a step, or whose build fell silent, to the alert webhook. The staff
 * address already has it from the publish flow (functions/services/mail/publish-notice.ts), so the
 * webhook alone carries it here; this run also sees a silent build when nobody has the back office
 * open.
 */
async function watchPublishing({ env, db, now, fetch }: JobContext) {
  if (config(env).publishing !== 'hook') return 0;
  const status = await readPublishStatus(db, { mode: 'hook', now });
  const problem = publishProblemText(status);
  if (!problem || !status.stateSince) return 0;
  const outcome = await raiseAlert(
    env,
    {
      kind: 'publish-failed',
      subject: status.state === 'timed-out' ? 'Publish has had no word from its build' : 'Publish failed',
      lines: [
        problem,
        ...(status.logUrl ? [`The build's log: ${status.logUrl}`] : []),
        "Look at the latest run of the Deploy workflow (GitHub → Actions), or the Worker's Builds tab on Cloudflare; GET /api/health names a missing setting.",
      ],
      mail: false,
      // This Publish once; and at most one Publish alert an hour while editors press it again.
      claims: [
        { key: `publish:${status.stateSince}`, windowMs: ONE_PUBLISH_MS },
        { key: 'publish', windowMs: ALERT_QUIET_MS },
      ],
    },
    { db, now, fetch },
  );
  return outcome === 'sent' ? 1 : 0;
}

/** Asks GitHub about the deploy token once a day; alerts (weekly) from 30 days before it expires. */
async function watchDeployToken({ env, db, now, fetch }: JobContext) {
  const checked = await checkDeployToken(env, db, now, fetch);
  const state = checked ?? (await readDeployTokenState(db, env));
  const [warning] = deployTokenWarnings(state, now);
  if (!warning || !state) return { checked: checked ? 1 : 0, alerts: 0 };
  const outcome = await raiseAlert(
    env,
    {
      kind: 'deploy-token',
      subject: state.refused ? 'Publish’s GitHub token was refused' : 'Publish’s GitHub token expires soon',
      lines: [warning.message, 'The back office’s dashboard shows this until the token is replaced.'],
      claims: [
        {
          key: `deploy-token:${state.token}:${state.refused ? 'refused' : state.expiresAt}`,
          windowMs: TOKEN_REMINDER_MS,
        },
      ],
    },
    { db, now, fetch },
  );
  return { checked: checked ? 1 : 0, alerts: outcome === 'sent' ? 1 : 0 };
}

/** What no request reveals, every 10 minutes: a failed or stuck Publish, the deploy token's expiry. */
export const watch: ScheduledJob = {
  name: 'watch',
  cron: CRONS.watch,
  async run(ctx) {
    const publishAlerts = await watchPublishing(ctx);
    const token = await watchDeployToken(ctx);
    return { publishAlerts, tokenChecked: token.checked, tokenAlerts: token.alerts };
  },
};
