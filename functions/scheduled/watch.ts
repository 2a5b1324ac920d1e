import { raiseAlert } from '../services/operations/alerts.ts';
import {
  checkDeployToken,
  deployTokenWarnings,
  readDeployTokenState,
} from '../services/operations/deploy-token.ts';
import { CRONS, type JobContext, type ScheduledJob } from './cron.ts';

/** A warning about the deploy token is repeated weekly until the token is replaced. */
const TOKEN_REMINDER_MS = 7 * 24 * 3600_000;

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

/** What no request reveals, every 10 minutes: the deploy token's expiry. */
export const watch: ScheduledJob = {
  name: 'watch',
  cron: CRONS.watch,
  async run(ctx) {
    const token = await watchDeployToken(ctx);
    return { tokenChecked: token.checked, tokenAlerts: token.alerts };
  },
};
