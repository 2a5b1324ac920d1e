import { Hono } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { listDepartments } from '#db/queries/catalog.ts';
import type { DepartmentDto } from '#schemas/catalog.ts';

export const departments = new Hono<AppEnv>().get('/', async (c) =>
  c.json((await listDepartments(c.var.db)) satisfies DepartmentDto[]),
);
