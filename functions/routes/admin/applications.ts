import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { and, count, desc, eq, or } from 'drizzle-orm';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { subjects, programApplications, universities, users } from '#db/schema/index.ts';
import {
  idParam,
  listQuery,
  statusChangeSchema,
  type ApplicationDetailResponse,
  type ApplicationRow,
} from '#schemas/admin.ts';
import type { Wire } from '#schemas/responses.ts';
import { statusHistory, transitions } from '#functions/services/status.ts';
import { adminOnly, contains, searchNeedle, listResponse, window } from './shared.ts';
import { checkStatusFilter, moveStatus } from './pipeline.ts';

const columns = {
  id: programApplications.id,
  status: programApplications.status,
  createdAt: programApplications.createdAt,
  updatedAt: programApplications.updatedAt,
  userId: users.id,
  studentName: users.fullName,
  studentEmail: users.email,
  subjectId: programApplications.subjectId,
  subjectName: subjects.name,
  universityName: universities.name,
};
const base = (db: AppEnv['Variables']['db']) =>
  db
    .select(columns)
    .from(programApplications)
    .innerJoin(users, eq(users.id, programApplications.userId))
    .leftJoin(subjects, eq(subjects.id, programApplications.subjectId))
    .leftJoin(universities, eq(universities.id, subjects.universityId));

/** Program applications: submitted → in review → offer → enrolled, or declined. */
export const adminApplications = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    const status = checkStatusFilter('subscription', query.status);
    const p = query.q ? searchNeedle(query.q) : undefined;
    const where = and(
      status ? eq(programApplications.status, status) : undefined,
      p ? or(contains(users.fullName, p), contains(users.email, p), contains(subjects.name, p)) : undefined,
    );
    const { limit, offset } = window(query);
    const [items, [total]] = await Promise.all([
      base(c.var.db).where(where).orderBy(desc(programApplications.createdAt)).limit(limit).offset(offset),
      c.var.db
        .select({ n: count() })
        .from(programApplications)
        .innerJoin(users, eq(users.id, programApplications.userId))
        .leftJoin(subjects, eq(subjects.id, programApplications.subjectId))
        .where(where),
    ]);
    return listResponse(
      c,
      query,
      { items: items satisfies Wire<ApplicationRow>[], total: total?.n ?? 0 },
      {
        filename: 'applications',
        columns: [
          { key: 'createdAt', header: 'Applied' },
          { key: 'studentName', header: 'Student' },
          { key: 'studentEmail', header: 'Email' },
          { key: 'subjectName', header: 'Program' },
          { key: 'universityName', header: 'University' },
          { key: 'status', header: 'Status' },
        ],
      },
    );
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const [item] = await base(c.var.db).where(eq(programApplications.id, id));
    if (!item) throw new HTTPException(404, { message: 'Application not found' });
    const [student] = await c.var.db
      .select({
        fullName: users.fullName,
        email: users.email,
        contactNumber: users.contactNumber,
        academicStatus: users.academicStatus,
        currentAddress: users.currentAddress,
      })
      .from(users)
      .where(eq(users.id, item.userId));
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      item,
      student,
      history: await statusHistory(c.var.db, 'subscription', id),
      next: transitions.subscription[item.status] ?? [],
    } satisfies Wire<ApplicationDetailResponse>);
  })
  .post('/:id/status', validate('param', idParam), validate('json', statusChangeSchema), async (c) =>
    moveStatus(c, 'subscription', c.req.valid('param').id, c.req.valid('json')),
  );
