import { Secret, TOTP } from 'otpauth';

// The steps already used per secret: the server accepts each 30-second code once (replay guard),
// so a test that signs in twice within 30 seconds takes the next step's code, or waits for it.
const used = new Map<string, number>();

/** A code an authenticator app would show for the secret, never one this run has used before. */
export async function freshTotp(secret: string): Promise<string> {
  const totp = new TOTP({
    secret: Secret.fromBase32(secret.replace(/\s+/g, '')),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    // The server accepts one step either side of its clock: the next step's code is fine too.
    for (const candidate of [step, step + 1]) {
      if (candidate > (used.get(secret) ?? -1)) {
        used.set(secret, candidate);
        return totp.generate({ timestamp: candidate * 30_000 + 1_000 });
      }
    }
    await new Promise((r) => setTimeout(r, (step + 1) * 30_000 - now + 250));
  }
}
