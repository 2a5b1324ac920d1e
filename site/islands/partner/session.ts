import type { PartnerDto } from '../../../schemas/partner.ts';
import { readJson, storageKeys, writeJson } from '../../lib/storage.ts';

/** The partner's browser storage (spec 2 section 3 keys). */
export type CachedPartner = Partial<PartnerDto> & {
  /** Fields edited while the API was unavailable: saved only in this browser until the next successful save. */
  _localOnly?: string[];
};

export const partnerSession = {
  token: () => localStorage.getItem(storageKeys.partnerToken),
  cached: () => readJson<CachedPartner>(storageKeys.partner),
  save(token: string, partner: unknown) {
    localStorage.setItem(storageKeys.partnerToken, token);
    writeJson(storageKeys.partner, partner);
  },
  cache(partner: CachedPartner) {
    writeJson(storageKeys.partner, partner);
  },
  clear() {
    localStorage.removeItem(storageKeys.partnerToken);
    localStorage.removeItem(storageKeys.partner);
  },
};
