import { Secret, TOTP } from 'otpauth';

// The steps already used per secret: the server accepts each 30-second code once (replay guard),
// and only a step later than the last one it accepted, so each sign-in takes a later step's code.
const used = new Map<string, number>();

const PERIOD_MS = 30_000;
/**
 * The server accepts one step either side of its clock (functions/services/accounts/staff-mfa.ts).
 * The previous step's code is offered only while this much of the current step is left, so it is
 * still inside that window when the form reaches the server.
 */
const PREVIOUS_STEP_MARGIN_MS = 10_000;

const totpOf = (secret: string) =>
  new TOTP({
    secret: Secret.fromBase32(secret.replace(/\s+/g, '')),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });

/**
 * A code an authenticator app would show for the secret, never one this run has used before: the
 * previous, current or next step's, the earliest not used yet. Three sign-ins in a row need no
 * wait; a fourth within the same half minute waits for the next step.
 */
export async function freshTotp(secret: string): Promise<string> {
  const totp = totpOf(secret);
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / PERIOD_MS);
    const previousStillSafe = (step + 1) * PERIOD_MS - now > PREVIOUS_STEP_MARGIN_MS;
    const candidates = previousStillSafe ? [step - 1, step, step + 1] : [step, step + 1];
    for (const candidate of candidates) {
      if (candidate > (used.get(secret) ?? -Infinity)) {
        used.set(secret, candidate);
        return totp.generate({ timestamp: candidate * PERIOD_MS + 1_000 });
      }
    }
    await new Promise((r) => setTimeout(r, (step + 1) * PERIOD_MS - now + 250));
  }
}

/** Six digits that are no code of the secret the server would accept now, using none up. */
export function wrongTotp(secret: string): string {
  const totp = totpOf(secret);
  const step = Math.floor(Date.now() / PERIOD_MS);
  const valid = new Set(
    [step - 1, step, step + 1, step + 2].map((s) => totp.generate({ timestamp: s * PERIOD_MS + 1_000 })),
  );
  return ['000000', '111111', '222222', '333333', '444444'].find((code) => !valid.has(code))!;
}
