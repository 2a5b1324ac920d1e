import { Hono } from 'hono';
import type { z } from 'zod';
import type { Db } from '#db/client.ts';
import type { Statement } from '#db/batch.ts';
import type { AccountType } from '#db/schema/index.ts';
import type { MessageResponse } from '#schemas/responses.ts';
import {
  RESET_REQUESTED_MESSAGE,
  requestPasswordReset,
  resetPassword,
} from '../services/accounts/account-codes.ts';
import { assertNotCommon } from '../services/security/common-passwords.ts';
import { REQUEST_RULES } from '../middleware/rate-limit.ts';
import { afterResponse } from './after-response.ts';
import type { AppEnv } from './app-env.ts';
import { challengeFor, clearChallenge, readChallenge } from './code-challenges.ts';
import { validate } from './validate.ts';

const tooMany = (wait: string) => `Too many requests. Please try again in ${wait}.`;

/** What differs between the doors: the specs' field names and messages, and what else a reset does. */
export interface PasswordResetDoor<Reset extends z.ZodType> {
  forgotSchema: z.ZodType<{ email: string }>;
  resetSchema: Reset;
  /** The e-mail, code and new password of a reset request, whatever the door calls them. */
  read: (body: z.output<Reset>) => { email: string; code: string; password: string };
  /** The person's name for the e-mail. */
  name: (db: Db) => (accountId: string) => Promise<string | null>;
  /** Statements of the door run in the reset's batch, before the password changes. */
  also?: (db: Db, accountId: string) => readonly Statement[];
  /** The answer to a reset, given the results of `also`. */
  done: (alsoResults: readonly { meta: { changes?: number } }[]) => string;
}

/**
 * `POST /forgot-password` and `POST /reset-password` for one kind of account, mounted inside its
 * router: one flow behind every door. The reset code is bound to the browser that asked for it
 * (a challenge cookie), so only tries from that browser reach it: nobody who merely knows the
 * address can guess at it or use it up. Per address (the e-mail), tries past the limit are judged
 * only as their challenge's first, so a guesser's new network addresses buy nothing, and the
 * owner's own code step still gets its try.
 */
export function passwordResetRoutes<Reset extends z.ZodType>(
  type: AccountType,
  door: PasswordResetDoor<Reset>,
) {
  return new Hono<AppEnv>()
    .post('/forgot-password', validate('json', door.forgotSchema), async (c) => {
      const { email } = c.req.valid('json');
      const db = c.var.db;
      await c.var.limiter.rule(type, REQUEST_RULES.forgot, email, tooMany);
      // Every answer sets a challenge, known address or not: the answer must not tell them apart.
      const challenge = challengeFor(c, 'reset');
      await requestPasswordReset(db, c.var.mailer, type, email, challenge, door.name(db), (work) =>
        afterResponse(c, work),
      );
      return c.json({ success: true, message: RESET_REQUESTED_MESSAGE } satisfies MessageResponse);
    })
    .post('/reset-password', validate('json', door.resetSchema), async (c) => {
      const { email, code, password } = door.read(c.req.valid('json'));
      const db = c.var.db;
      const challenge = readChallenge(c, 'reset');
      await c.var.limiter.flood(type, email);
      const { first } = await c.var.limiter.gate(
        type,
        REQUEST_RULES.reset,
        email,
        tooMany,
        challenge ?? 'none',
      );
      await assertNotCommon(password);
      const results = await resetPassword(db, type, email, code, password, {
        firstTry: first,
        challenge,
        also: (id) => door.also?.(db, id) ?? [],
      });
      clearChallenge(c, 'reset');
      return c.json({ success: true, message: door.done(results) } satisfies MessageResponse);
    });
}
