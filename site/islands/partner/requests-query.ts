import { api } from '#site/lib/api.ts';
import { timelinePaths } from '#schemas/timeline.ts';
import { timelineQuery, type TimelineCall } from '../common/timeline-query.ts';

/**
 * My Requests: the partner's requests as timelines. The list reads this query and a request form
 * refreshes it once a request is sent, so the new request is in the list when the partner opens it.
 * Only the lazily loaded tabs import it (schemas/timeline.ts brings zod).
 */
export const partnerRequestsQuery = (token: string) => {
  const asPartner: TimelineCall = (path, init) => api(path, { ...init, token });
  return timelineQuery(timelinePaths.partner, asPartner);
};
