import type { AccountType } from '#db/schema/index.ts';
import type { BodyKind } from '#schemas/endpoints.ts';

/**
 * What the routes and their schemas cannot tell the endpoint catalogue (catalogue.ts), by
 * "METHOD path" as Hono writes the path. `{subject}`, `{country}`, `{university}` and `{job}` are
 * filled with real ids at run time (scripts/perf/lib/endpoints.ts `discoverIds`).
 * functions/endpoint-list.test.ts fails for a key that names no route and for an entry the route
 * does not need (a parameter it does not have, an account a middleware already gives).
 */
export interface Override {
  /** Path parameters that must be real (an existing subject) or match the route's pattern. */
  params?: Record<string, string>;
  /** The query to send, in place of the query schema's required fields. */
  query?: Record<string, string>;
  /**
   * Body fields set over the generated ones (a value that must exist in the database); `undefined`
   * leaves an optional field out (an id that would make a create an edit of a row that is not there).
   */
  sample?: Record<string, unknown>;
  /** A body the route reads without a schema middleware (the Stripe webhook checks its signature first). */
  body?: BodyKind;
  /** An account the handler itself checks, rather than a middleware. */
  auth?: AccountType;
  /** A multipart route's file field, where no form schema names it. */
  fileField?: string;
}

const subject = { params: { id: '{subject}' } };
const savedSubject = { params: { subjectId: '{subject}' } };
const contactMessage = { params: { source: 'contact' } };
/** A content image's id and its variants' names (the routes' patterns). */
const imageId = '00000000000000000000';
/** Erasing one's own account: a wrong password, so the fuzzer never deletes its own accounts. */
const wrongPassword = { sample: { password: 'not-the-password-1' } };
/** One weekly period of a counsellor (09:00–10:00 on Mondays at the London office). */
const counsellorHours = { officeId: 'united-kingdom-office', weekday: 1, startMinute: 540, endMinute: 600 };
/** Changing one's own password: a wrong current one, so the fuzzer never changes its accounts' passwords. */
const wrongCurrentPassword = { sample: { currentPassword: 'not-the-password-1' } };

export const overrides: Record<string, Override> = {
  // A counsellor's week and a closure: periods that end after they start, at a real office.
  'POST /api/admin/counsellors': { sample: { hours: [counsellorHours] } },
  'PUT /api/admin/counsellors/:id': { sample: { hours: [counsellorHours] } },
  'POST /api/admin/counsellors/closures': {
    sample: {
      counsellorId: undefined,
      officeId: 'united-kingdom-office',
      startMinute: undefined,
      endMinute: undefined,
    },
  },
  // Staff booking for whoever is free: a made-up counsellor would stop it at "no such counsellor".
  'POST /api/admin/counsellors/meetings': { sample: { counsellor: undefined } },
  // Real rows, so the request reaches past "not found".
  'GET /api/subjects/:id': subject,
  'GET /api/programs/:id/costs': subject,
  'GET /api/countries/:id': { params: { id: '{country}' } },
  'GET /api/universities/:id': { params: { id: '{university}' } },
  'GET /api/jobs/:id': { params: { id: '{job}' } },
  'POST /api/jobs/:id/apply': { params: { id: '{job}' } },
  'PUT /api/users/saved-programs/:subjectId': savedSubject,
  'DELETE /api/users/saved-programs/:subjectId': savedSubject,
  'POST /api/users/saved-programs/merge': { sample: { subjectIds: ['{subject}'] } },
  'POST /api/subscriptions': { sample: { subjectId: '{subject}' } },
  // Without `_id` these add a row (with one, they edit it): the sample is a successful request.
  'POST /api/users/education': { sample: { _id: undefined } },
  'POST /api/users/language': { sample: { _id: undefined } },
  // Employers pick from the categories in the database (the handler refuses any other).
  'POST /api/assistance-requests': { sample: { category: ['Hospitality'] } },
  'GET /api/admin/inbox/:source/:id': contactMessage,
  'PATCH /api/admin/inbox/:source/:id': contactMessage,
  'POST /api/admin/inbox/:source/:id/reply': contactMessage,
  // Content kinds are a list the handler checks; departments have the smallest form.
  'GET /api/admin/content/:kind': { params: { kind: 'countries' } },
  'GET /api/admin/content/:kind/:id': { params: { kind: 'countries' } },
  'POST /api/admin/content/:kind': { params: { kind: 'departments' }, sample: { name: 'Fuzz department' } },
  'PUT /api/admin/content/:kind/:id': {
    params: { kind: 'departments' },
    sample: { name: 'Fuzz department' },
  },
  'POST /api/admin/content/:kind/:id/:action{retire|restore}': { params: { kind: 'departments' } },
  // Parameters with a pattern: a value the pattern takes, else the request never reaches the route.
  'GET /api/files/images/:name{[0-9a-f-]+\\.(jpg|png)}': {
    params: { name: '00000000-0000-0000-0000-000000000000.png' },
  },
  'GET /api/images/:id{[0-9a-f]{20}}/:variant{\\d{2,4}\\.(?:avif|webp|jpg)}': {
    params: { id: imageId, variant: '640.avif' },
  },
  'GET /api/images/:name{[0-9a-f]{20}-\\d{1,5}x\\d{1,5}-(?:[0-9a-f]{6}|t)\\.jpg}': {
    params: { name: `${imageId}-800x600-123456.jpg` },
  },
  'GET /api/admin/images/:id': { params: { id: imageId } },
  // Searches that find something, as a visitor's would.
  'GET /api/subjects/search': { query: { q: 'data' } },
  'GET /api/programs': {
    query: { country: 'united-kingdom', maxFee: '30000', currency: 'GBP', sort: 'fee' },
  },
  'GET /api/programs/compare': { query: { ids: '{subject},{subject}-x' } },
  // Stripe's webhook reads its raw body to check the signature before any schema.
  'POST /api/payment/webhook': { body: 'json', sample: { type: 'payment_intent.succeeded' } },
  // Staff routes that check the session in the handler: setting up a second factor (also reached
  // mid sign-in) and signing out (which must clear the cookies of an ended session too).
  'POST /api/admin/auth/mfa/setup': { auth: 'staff' },
  'POST /api/admin/auth/mfa/email-code': { auth: 'staff' },
  'POST /api/admin/auth/mfa/enable': { auth: 'staff' },
  'POST /api/admin/auth/logout': { auth: 'staff' },
  'POST /api/admin/auth/logout-all': { auth: 'staff' },
  'DELETE /api/users/me': wrongPassword,
  'DELETE /api/partner/me': wrongPassword,
  'DELETE /api/job-applicants/me': wrongPassword,
  'DELETE /api/me': wrongPassword,
  'POST /api/users/change-password': wrongCurrentPassword,
  'POST /api/partner/change-password': wrongCurrentPassword,
  'POST /api/job-applicants/change-password': wrongCurrentPassword,
};
