import { and, count, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { insertInChunks, readInChunks } from '../d1-limits.ts';
import { staff, staffMfa, staffRecoveryCodes } from '../schema/index.ts';

/** A staff member's second factor, or undefined when they never started an enrolment. */
export async function findStaffMfa(db: Db, staffId: string) {
  const [row] = await db.select().from(staffMfa).where(eq(staffMfa.staffId, staffId)).limit(1);
  return row;
}

/** Whether the second factor is on (one primary-key read: the admin gate runs on every request). */
export async function staffMfaEnabled(db: Db, staffId: string) {
  const [row] = await db
    .select({ on: isNotNull(staffMfa.confirmedAt) })
    .from(staffMfa)
    .where(eq(staffMfa.staffId, staffId));
  return !!row?.on;
}

/** Whether the second factor is on, and how many unused recovery codes are left. */
export async function staffMfaStatus(db: Db, staffId: string) {
  const [[mfa], [left]] = await Promise.all([
    db.select({ confirmedAt: staffMfa.confirmedAt }).from(staffMfa).where(eq(staffMfa.staffId, staffId)),
    db
      .select({ n: count() })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt))),
  ]);
  return { enabled: !!mfa?.confirmedAt, recoveryCodesLeft: mfa?.confirmedAt ? (left?.n ?? 0) : 0 };
}

/**
 * Stores a new, unconfirmed secret. A confirmed factor is never overwritten here (the upsert's
 * WHERE): turning it off is an admin's reset. Returns false when the factor is already on.
 */
export async function startStaffEnrolment(db: Db, staffId: string, secret: string) {
  const now = new Date();
  const rows = await db
    .insert(staffMfa)
    .values({ staffId, secret, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: staffMfa.staffId,
      set: { secret, lastUsedStep: null, updatedAt: now },
      setWhere: isNull(staffMfa.confirmedAt),
    })
    .returning({ staffId: staffMfa.staffId });
  return rows.length === 1;
}

/**
 * Turns the factor on with its first accepted code (one conditional UPDATE: two confirmations at
 * once cannot both win) and replaces the recovery codes in the same batch.
 */
export async function confirmStaffEnrolment(db: Db, staffId: string, step: number, codeHashes: string[]) {
  const now = new Date();
  const [confirmed] = await db
    .update(staffMfa)
    .set({ confirmedAt: now, lastUsedStep: step, updatedAt: now })
    .where(and(eq(staffMfa.staffId, staffId), isNull(staffMfa.confirmedAt)))
    .returning({ staffId: staffMfa.staffId });
  if (!confirmed) return false;
  await replaceRecoveryCodes(db, staffId, codeHashes);
  return true;
}

/** Voids every earlier recovery code and stores the new ones, in one batch. */
export async function replaceRecoveryCodes(db: Db, staffId: string, codeHashes: string[]) {
  const now = new Date();
  await db.batch([
    db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId)),
    ...insertInChunks(
      db,
      staffRecoveryCodes,
      codeHashes.map((codeHash) => ({
        id: crypto.randomUUID(),
        staffId,
        codeHash,
        createdAt: now,
        updatedAt: now,
      })),
    ),
  ]);
}

/**
 * Accepts a TOTP code's time step only if it is later than the last accepted one (RFC 6238
 * section 5.2: a code is used once). One conditional UPDATE, so parallel replays cannot both pass.
 */
export async function acceptTotpStep(db: Db, staffId: string, step: number) {
  const rows = await db
    .update(staffMfa)
    .set({ lastUsedStep: step, updatedAt: new Date() })
    .where(
      and(
        eq(staffMfa.staffId, staffId),
        isNotNull(staffMfa.confirmedAt),
        or(isNull(staffMfa.lastUsedStep), lt(staffMfa.lastUsedStep, step)),
      ),
    )
    .returning({ staffId: staffMfa.staffId });
  return rows.length === 1;
}

/** Uses up one recovery code: true for exactly one caller, however many send it at once. */
export async function consumeRecoveryCode(db: Db, staffId: string, codeHash: string) {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length === 1;
}

/** Removes the second factor and its codes (an admin's reset for a lost phone). */
export function resetStaffMfa(db: Db, staffId: string) {
  return [
    db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId)),
    db.delete(staffMfa).where(eq(staffMfa.staffId, staffId)),
  ] as const;
}

export type StaffRow = typeof staff.$inferSelect;

/**
 * Records a new half-done sign-in and returns its id (the challenge cookie's `jti`). It replaces
 * any earlier one: only the latest password step of a staff member can still be finished.
 */
export async function startSignInChallenge(db: Db, staffId: string) {
  const id = crypto.randomUUID();
  await db.update(staff).set({ signInChallengeId: id }).where(eq(staff.id, staffId));
  return id;
}

/**
 * Uses up a half-done sign-in, in one conditional UPDATE: of any number of requests finishing the
 * same challenge at once, exactly one gets true (the one that signs in).
 */
export async function finishSignInChallenge(db: Db, staffId: string, id: string) {
  const rows = await db
    .update(staff)
    .set({ signInChallengeId: null })
    .where(and(eq(staff.id, staffId), eq(staff.signInChallengeId, id)))
    .returning({ id: staff.id });
  return rows.length === 1;
}

/** The staff row a sign-in continues with (active, role, revocation time). */
export async function findStaff(db: Db, staffId: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId)).limit(1);
  return row;
}

/** Whether the e-mail belongs to a staff account (for the audit of failed sign-ins). */
export async function staffIdByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, email)).limit(1);
  return row?.id ?? null;
}

/** Staff ids whose second factor is on, among the given ones (the staff list's column). */
export async function staffWithMfa(db: Db, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await readInChunks(ids, (chunk) =>
    db
      .select({ id: staffMfa.staffId })
      .from(staffMfa)
      .where(and(isNotNull(staffMfa.confirmedAt), inArray(staffMfa.staffId, chunk))),
  );
  return new Set(rows.map((r) => r.id));
}
