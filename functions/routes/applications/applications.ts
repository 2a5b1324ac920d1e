import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { validate } from '#functions/lib/validate.ts';
import { requireAuth } from '#functions/middleware/auth.ts';
import {
  programApplicationSchema,
  type ApplicationCreatedResponse,
  type MyApplicationsResponse,
} from '#schemas/users.ts';
import { INTAKE_NOT_OFFERED, programIntakes } from '#schemas/program-intakes.ts';
import { createApplication, findOpenSubject, listApplications } from '#db/queries/applications.ts';
import { findStudent } from '#db/queries/students.ts';
import { getSite } from '#db/queries/site-content.ts';
import { programApplicationEmail, trySend } from '#functions/services/mail/confirmations.ts';

export const ALREADY_SUBSCRIBED = 'You are already subscribed to this course.';

/**
 * Applying to a program (spec 1 sections 4 and 7). A student's applications are also part of
 * GET /api/users/profile (`user.applications`); GET /api/subscriptions/mine lists them alone.
 * Where a program lists intakes, the application records one: the one chosen, else the next
 * open one. The student gets an e-mail confirming it.
 */
export const applicationsRouter = new Hono<AppEnv>()
  .use(requireAuth('student'))
  .post('/', validate('json', programApplicationSchema), async (c) => {
    const { subjectId, intake: chosen } = c.req.valid('json');
    const subject = await findOpenSubject(c.var.db, subjectId);
    if (!subject) throw new HTTPException(404, { message: 'Subject not found' });
    const intakes = programIntakes(subject.studyPlan);
    if (chosen !== undefined && !intakes.includes(chosen))
      throw new HTTPException(400, { message: INTAKE_NOT_OFFERED });
    const intake = chosen ?? intakes[0] ?? null;
    // The unique (user, subject) index decides: two clicks at once cannot both succeed.
    const created = await createApplication(c.var.db, c.var.auth.sub, subjectId, intake);
    if (!created) throw new HTTPException(400, { message: ALREADY_SUBSCRIBED });

    const student = await findStudent(c.var.db, c.var.auth.sub);
    if (student) {
      await trySend(
        c.var.mailer,
        programApplicationEmail(await getSite(c.var.db), config(c.env).siteUrl, {
          id: created.id,
          to: student.email,
          name: student.fullName,
          program: subject.name,
          university: subject.university,
          intake,
          at: created.createdAt,
        }),
        'program-application',
      );
    }
    return c.json(
      {
        success: true,
        message: `Your application to ${subject.name} has been submitted.`,
        subscription: {
          _id: created.id,
          subjectId,
          subjectName: subject.name,
          status: created.status,
          intake,
          createdAt: created.createdAt.toISOString(),
        },
      } satisfies ApplicationCreatedResponse,
      201,
    );
  })
  .get('/mine', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({
      success: true,
      applications: await listApplications(c.var.db, c.var.auth.sub),
    } satisfies MyApplicationsResponse);
  });
