import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { exportDownload } from '#functions/lib/privacy-routes.ts';
import { findPeopleByEmail, findPerson } from '#db/queries/personal-data.ts';
import {
  privacyPersonParam,
  privacySearchQuery,
  staffEraseSchema,
  type EraseResponse,
  type PrivacySearchResponse,
} from '#schemas/privacy.ts';
import { writeAudit } from '#db/queries/audit.ts';
import { erasePerson } from '#functions/services/privacy/personal-data.ts';
import { adminOnly } from './shared.ts';

/**
 * Requests that arrive by e-mail (UK GDPR articles 15, 17 and 20): an admin finds the person by
 * e-mail across the three account types, downloads the same export the person would, or erases
 * the account. Admins only; every export and erasure is in the audit log (the erasure's entry holds
 * no personal data).
 */
export const adminPrivacy = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/people', validate('query', privacySearchQuery), async (c) => {
    const people = await findPeopleByEmail(c.var.db, c.req.valid('query').email);
    await writeAudit(c.var.db, {
      staffId: c.var.auth.sub,
      action: 'privacy.search',
      entity: 'privacy',
      entityId: null,
      after: { found: people.length },
    });
    const body: PrivacySearchResponse = {
      people: people.map((p) => ({
        type: p.type,
        id: p.id,
        name: p.name,
        email: p.email,
        isVerified: p.isVerified,
        createdAt: p.createdAt.toISOString(),
      })),
    };
    return c.json(body satisfies PrivacySearchResponse);
  })
  .get('/:type/:id/export', validate('param', privacyPersonParam), async (c) => {
    const { type, id } = c.req.valid('param');
    if (!(await findPerson(c.var.db, type, id)))
      throw new HTTPException(404, { message: 'Account not found' });
    await writeAudit(c.var.db, {
      staffId: c.var.auth.sub,
      action: 'privacy.export',
      entity: type,
      entityId: id,
    });
    return exportDownload(c, type, id);
  })
  .delete(
    '/:type/:id',
    validate('param', privacyPersonParam),
    validate('json', staffEraseSchema),
    async (c) => {
      const { type, id } = c.req.valid('param');
      const person = await findPerson(c.var.db, type, id);
      if (!person) throw new HTTPException(404, { message: 'Account not found' });
      if (person.email.toLowerCase() !== c.req.valid('json').confirmEmail.toLowerCase()) {
        throw new HTTPException(400, {
          message: 'The e-mail typed does not match this account. Nothing was deleted.',
        });
      }
      const result = await erasePerson(c.var.db, c.env.FILES, c.var.mailer, person, {
        staffId: c.var.auth.sub,
      });
      return c.json({
        success: true,
        message: result.emailed
          ? 'The account and its data were deleted, and the person was e-mailed a confirmation.'
          : 'The account and its data were deleted, but the confirmation e-mail could not be sent.',
        removed: result.removed,
        files: result.files,
      } satisfies EraseResponse);
    },
  );
