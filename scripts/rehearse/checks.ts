// What the rehearsal's steps check with: a failed assertion is the step's FAIL line.

/** Throws the message (the step's FAIL line) unless the condition holds. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Polls until `probe` gives a value (not undefined or false), or fails with `what` after the timeout. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
  everyMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what} (waited ${timeoutMs / 1000} s)`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
