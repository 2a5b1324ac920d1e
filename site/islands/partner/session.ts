import type { PartnerDto } from '#schemas/partner.ts';
import { createSession } from '#site/lib/session.ts';
import { storageKeys } from '#site/lib/storage.ts';

/** The partner's browser storage (spec 2 section 3 keys). */
export type CachedPartner = Partial<PartnerDto> & {
  /** Fields edited while the API was unavailable: saved only in this browser until the next successful save. */
  _localOnly?: string[];
};

/** The partner session: token under `partnerToken`, the partner under `partner`. */
export const partnerSession = createSession<CachedPartner>('partner', {
  tokens: [storageKeys.partnerToken],
  user: storageKeys.partner,
});
