import type { Db } from '../client.ts';
import { arrivalSources } from '../schema/index.ts';
import type { Arrival } from '#schemas/arrival.ts';
import type { HistoryEntity } from '#schemas/pipelines.ts';

export type { Arrival };

/** The statement storing where an item came from (none without an arrival), for the item's own batch. */
export function arrivalInsert(
  db: Db,
  entity: HistoryEntity,
  entityId: string,
  arrival: Arrival | null,
  at: Date,
) {
  if (!arrival) return [];
  return [
    db
      .insert(arrivalSources)
      .values({
        entity,
        entityId,
        page: arrival.page ?? null,
        utmSource: arrival.utm_source ?? null,
        utmMedium: arrival.utm_medium ?? null,
        utmCampaign: arrival.utm_campaign ?? null,
        utmTerm: arrival.utm_term ?? null,
        utmContent: arrival.utm_content ?? null,
        createdAt: at,
      })
      .onConflictDoNothing(),
  ];
}

/** Stores where a registration came from, beside it, once it is verified (the code's request carries the arrival too). */
export async function storeArrival(db: Db, entity: HistoryEntity, entityId: string, arrival: Arrival | null) {
  const [statement] = arrivalInsert(db, entity, entityId, arrival, new Date());
  if (statement) await statement;
}
