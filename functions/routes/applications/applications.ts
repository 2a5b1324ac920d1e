import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { requireAuth } from '#functions/middleware/auth.ts';
import { programApplicationSchema } from '#schemas/users.ts';
import { createApplication, findOpenSubject, listApplications } from '#db/queries/applications.ts';

export const ALREADY_SUBSCRIBED = 'You are already subscribed to this course.';

/**
 * Applying to a program (spec 1 sections 4 and 7). A student's applications are also part of
 * GET /api/users/profile (`user.applications`); GET /api/subscriptions/mine lists them alone.
 */
export const applicationsRouter = new Hono<AppEnv>()
  .use(requireAuth('student'))
  .post('/', validate('json', programApplicationSchema), async (c) => {
    const { subjectId } = c.req.valid('json');
    const subject = await findOpenSubject(c.var.db, subjectId);
    if (!subject) throw new HTTPException(404, { message: 'Subject not found' });
    // The unique (user, subject) index decides: two clicks at once cannot both succeed.
    const created = await createApplication(c.var.db, c.var.auth.sub, subjectId);
    if (!created) throw new HTTPException(400, { message: ALREADY_SUBSCRIBED });
    return c.json(
      {
        success: true,
        message: `Your application to ${subject.name} has been submitted.`,
        subscription: {
          _id: created.id,
          subjectId,
          subjectName: subject.name,
          status: created.status,
          createdAt: created.createdAt.toISOString(),
        },
      },
      201,
    );
  })
  .get('/mine', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, applications: await listApplications(c.var.db, c.var.auth.sub) });
  });
