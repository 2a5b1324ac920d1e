import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import * as t from '#db/schema/index.ts';
import { contentKinds, type ContentKind } from '#schemas/admin/index.ts';
import {
  aboutSchema,
  listLimits,
  missionVisionSchema,
  recruitmentServicesSchema,
  strategySchema,
} from '#schemas/content.ts';
import {
  aCountry,
  aJob,
  aProgram,
  auth,
  aUniversity,
  db,
  makeStaff,
  request,
} from '#functions/test/fixtures/index.ts';

// Every list staff edit has a maximum with a message, and the back office saves
// every content kind with each of its lists at that maximum (a university's 30 scholarships are 30
// rows, more than one insert can bind under D1's 100 parameters).

/** Every list in a schema: its path and its maximum (undefined: none). */
function listsOf(schema: z.ZodType, path: string[] = []): { path: string[]; max: number | undefined }[] {
  if (schema instanceof z.ZodObject)
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
      listsOf(field, [...path, key]),
    );
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return listsOf(schema.unwrap() as z.ZodType, path);
  if (schema instanceof z.ZodPipe) return listsOf(schema.in as z.ZodType, path);
  if (schema instanceof z.ZodArray) {
    const maxima = (schema.def.checks ?? [])
      .map((c) => c._zod.def as { check: string; maximum?: number })
      .filter((d) => d.check === 'max_length');
    return [{ path, max: maxima[0]?.maximum }];
  }
  return [];
}

const scholarship = {
  name: 'Merit award',
  amount: '£2,000',
  eligibility: 'Top grades',
  deadline: '2027-05-01',
};
/** A valid entry for a list, by the list's name. */
const sampleFor = (path: string[]): unknown =>
  ({
    scholarshipList: scholarship,
    universityimage: '/images/placeholder.svg',
    employment: 'Full-time',
  })[path.at(-1)!] ?? `Entry for ${path.join('.')}.`;

function setAt(target: Record<string, unknown>, path: string[], value: unknown) {
  let node = target;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1)!] = value;
}
const getAt = (source: unknown, path: string[]) =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], source);

let token: string;
beforeAll(async () => {
  token = (await makeStaff('editor')).token;
});
const send = (method: string, path: string, body: unknown) =>
  request(path, {
    method,
    headers: { ...auth(token), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const itemOf = async (kind: ContentKind, id: string) =>
  (
    await (
      await request(`/api/admin/content/${kind}/${id}`, { headers: auth(token) })
    ).json<{ item: Record<string, unknown> }>()
  ).item;

/** A row of each kind that has lists, made for the test. */
const makers: Partial<Record<ContentKind, () => Promise<{ id: string }>>> = {
  countries: aCountry,
  universities: aUniversity,
  subjects: aProgram,
  jobs: aJob,
};

describe('content lists have a maximum', () => {
  it('every list of every content kind and block has a maximum', () => {
    const schemas: Record<string, z.ZodType> = {
      ...Object.fromEntries(Object.entries(contentKinds).map(([kind, k]) => [kind, k.schema as z.ZodType])),
      missionVision: missionVisionSchema,
      about: aboutSchema,
      recruitmentServices: recruitmentServicesSchema,
      strategies: strategySchema,
    };
    const unbounded = Object.entries(schemas).flatMap(([name, schema]) =>
      listsOf(schema)
        .filter((l) => l.max === undefined)
        .map((l) => `${name}.${l.path.join('.')}`),
    );
    expect(unbounded).toEqual([]);
    // The kinds whose lists the next test fills: a list added to another kind must be added there.
    const withLists = Object.entries(contentKinds)
      .filter(([, k]) => listsOf(k.schema as z.ZodType).length > 0)
      .map(([kind]) => kind);
    expect(withLists.sort()).toEqual(Object.keys(makers).sort());
    expect(listsOf(contentKinds.universities.schema as z.ZodType)).toContainEqual({
      path: ['scholarshipList'],
      max: listLimits.scholarships,
    });
    expect(listLimits.scholarships).toBeGreaterThanOrEqual(30);
    expect(listLimits.intakes).toBeGreaterThanOrEqual(20);
    expect(listLimits.paragraphs).toBeGreaterThanOrEqual(50);
    expect(listLimits.entries).toBeGreaterThanOrEqual(50);
  });

  for (const [kind, make] of Object.entries(makers) as [ContentKind, () => Promise<{ id: string }>][]) {
    it(`saves ${kind} with every list at its maximum, and refuses one more with a message`, async () => {
      const { id } = await make();
      const item = await itemOf(kind, id);
      const lists = listsOf(contentKinds[kind].schema as z.ZodType);
      for (const { path, max } of lists)
        setAt(
          item,
          path,
          Array.from({ length: max! }, () => sampleFor(path)),
        );
      const res = await send('PUT', `/api/admin/content/${kind}/${id}`, item);
      expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
      const saved = await itemOf(kind, id);
      for (const { path, max } of lists) expect(getAt(saved, path), path.join('.')).toHaveLength(max!);

      for (const { path, max } of lists) {
        const over = structuredClone(item);
        setAt(
          over,
          path,
          Array.from({ length: max! + 1 }, () => sampleFor(path)),
        );
        const refused = await send('PUT', `/api/admin/content/${kind}/${id}`, over);
        expect(refused.status, path.join('.')).toBe(400);
        expect((await refused.json<{ message: string }>()).message).toMatch(
          new RegExp(`^${path.join('\\.')} must have at most ${max} \\w`),
        );
      }
    });
  }

  it('a university with 20 scholarships is created and edited (one insert binds at most 12 of them)', async () => {
    const country = await aCountry();
    const scholarshipList = Array.from({ length: 20 }, (_, i) => ({
      ...scholarship,
      name: `Scholarship ${i + 1}`,
    }));
    const uni = {
      id: `twenty-${crypto.randomUUID().slice(0, 8)}`,
      name: 'University of Twenty Scholarships',
      countryId: country.id,
      location: 'Test City',
      logo: '/images/placeholder.svg',
      image: '/images/placeholder.svg',
      universitydetails: 'Generous.',
      scholarships: 'Twenty of them.',
      scholarshipList,
    };
    const created = await send('POST', '/api/admin/content/universities', uni);
    expect(created.status, JSON.stringify(await created.clone().json())).toBe(201);
    const stored = await db
      .select({ name: t.scholarships.name })
      .from(t.scholarships)
      .where(eq(t.scholarships.universityId, uni.id));
    expect(stored.map((s) => s.name).sort()).toEqual(scholarshipList.map((s) => s.name).sort());
    // Edited: the list is replaced as a whole, in its order, and the public API shows all twenty.
    const edited = scholarshipList.map((s, i) => ({ ...s, name: `Renamed ${i + 1}` })).reverse();
    const res = await send('PUT', `/api/admin/content/universities/${uni.id}`, {
      ...(await itemOf('universities', uni.id)),
      scholarshipList: edited,
    });
    expect(res.status).toBe(200);
    const names = (list: unknown) => (list as { name: string }[]).map((s) => s.name);
    expect(names((await itemOf('universities', uni.id)).scholarshipList)).toEqual(names(edited));
    const pub = await (await request(`/api/universities/${uni.id}`)).json<Record<string, unknown>>();
    expect(names(pub.scholarshipList)).toEqual(names(edited));
  });

  it('the seed-only blocks refuse a list past its maximum with a message', () => {
    const over = Array.from({ length: listLimits.entries + 1 }, () => ({
      year: '2020',
      text: 'A milestone.',
    }));
    const parsed = aboutSchema.shape.milestones.safeParse(over);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(`must have at most ${listLimits.entries} milestones`);
  });
});
