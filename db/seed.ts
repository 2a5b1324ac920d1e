import { z } from 'zod';
import type { BatchItem } from 'drizzle-orm/batch';
import type { IndexColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from './client.ts';
import * as t from './schema/index.ts';
import { contentFiles, type Content, type ContentFileName } from '#schemas/content.ts';

/** A content file failed validation: names the file and the field so an editor can fix it. */
export class ContentError extends Error {
  constructor(file: string, path: PropertyKey[], problem: string) {
    const where = path.length ? path.map(String).join('.') : '(whole file)';
    super(`content/${file}: ${where} ${problem}`);
    this.name = 'ContentError';
  }
}

/** Validates every content file and the references between them. */
export function validateContent(raw: Partial<Record<ContentFileName, unknown>>): Content {
  const out: Record<string, unknown> = {};
  for (const [file, schema] of Object.entries(contentFiles) as [ContentFileName, z.ZodType][]) {
    if (raw[file] === undefined) throw new ContentError(file, [], 'is missing');
    const parsed = schema.safeParse(raw[file]);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ContentError(file, issue.path, issue.message);
    }
    out[file] = parsed.data;
  }
  const content = out as Content;
  checkReferences(content);
  return content;
}

function checkReferences(c: Content) {
  const unique = (file: ContentFileName, ids: string[]) => {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (seen.has(id)) throw new ContentError(file, [i, 'id'], `"${id}" is used twice`);
      seen.add(id);
    });
    return seen;
  };
  const countries = unique(
    'countries.json',
    c['countries.json'].map((x) => x.id),
  );
  const universities = new Map(c['universities.json'].map((u) => [u.id, u]));
  unique(
    'universities.json',
    c['universities.json'].map((x) => x.id),
  );
  const departments = unique(
    'departments.json',
    c['departments.json'].map((x) => x.id),
  );
  unique(
    'subjects.json',
    c['subjects.json'].map((x) => x.id),
  );
  unique(
    'jobs.json',
    c['jobs.json'].map((x) => x.id),
  );
  c['universities.json'].forEach((u, i) => {
    if (!countries.has(u.countryId))
      throw new ContentError('universities.json', [i, 'countryId'], `"${u.countryId}" is not a country`);
  });
  // The finder's costs: one row per country, cities in a known country, and a rate for every
  // currency a price or a cost is given in (the estimate converts them all).
  unique(
    'country-costs.json',
    c['country-costs.json'].map((x) => x.id),
  );
  unique(
    'city-costs.json',
    c['city-costs.json'].map((x) => x.id),
  );
  const rates = unique(
    'exchange-rates.json',
    c['exchange-rates.json'].map((x) => x.id),
  );
  const usd = c['exchange-rates.json'].findIndex((r) => r.id === 'USD');
  if (usd < 0 || Number(c['exchange-rates.json'][usd]!.unitsPerUsd) !== 1)
    throw new ContentError(
      'exchange-rates.json',
      usd < 0 ? [] : [usd, 'unitsPerUsd'],
      'must hold USD at exactly 1 (rates are units per US dollar)',
    );
  c['country-costs.json'].forEach((x, i) => {
    if (!countries.has(x.id))
      throw new ContentError('country-costs.json', [i, 'id'], `"${x.id}" is not a country`);
    if (!rates.has(x.currency))
      throw new ContentError('country-costs.json', [i, 'currency'], `"${x.currency}" has no exchange rate`);
  });
  c['city-costs.json'].forEach((x, i) => {
    if (!countries.has(x.countryId))
      throw new ContentError('city-costs.json', [i, 'countryId'], `"${x.countryId}" is not a country`);
    if (!rates.has(x.currency))
      throw new ContentError('city-costs.json', [i, 'currency'], `"${x.currency}" has no exchange rate`);
  });
  c['subjects.json'].forEach((s, i) => {
    if (!rates.has(s.currency))
      throw new ContentError('subjects.json', [i, 'currency'], `"${s.currency}" has no exchange rate`);
    const uni = universities.get(s.universityId);
    if (!uni)
      throw new ContentError('subjects.json', [i, 'universityId'], `"${s.universityId}" is not a university`);
    if (!departments.has(s.departmentId))
      throw new ContentError('subjects.json', [i, 'departmentId'], `"${s.departmentId}" is not a department`);
    if (s.countryId !== uni.countryId)
      throw new ContentError(
        'subjects.json',
        [i, 'countryId'],
        `"${s.countryId}" is not the country of ${uni.name}`,
      );
  });
}

/** Content-block keys for the single-record documents. */
export const blockKeys = {
  site: 'site',
  missionVision: 'mission-vision',
  about: 'about',
  faq: 'faq',
  recruitmentServices: 'recruitment-services',
  partners: 'partners',
} as const;

/**
 * Loads validated content into the database. Rows that already exist are left alone (staff edits
 * in the back office win), so running it twice changes nothing; `overwrite` replaces them.
 * `audit` records the run as a `content.seed` entry in the same transaction, which also moves the
 * content version on (so the back office shows the seeded content as waiting to be published).
 */
export async function seedDatabase(
  db: Db,
  c: Content,
  { overwrite = false, audit }: { overwrite?: boolean; audit?: { via: string } } = {},
) {
  const statements: BatchItem<'sqlite'>[] = [];
  const upsert = <T extends Parameters<Db['insert']>[0]>(
    table: T,
    rows: T['$inferInsert'][],
    target: IndexColumn,
  ) => {
    for (const row of rows) {
      const insert = db.insert(table).values(row as never);
      statements.push(
        overwrite
          ? insert.onConflictDoUpdate({ target, set: { ...row, updatedAt: new Date() } })
          : insert.onConflictDoNothing(),
      );
    }
  };

  upsert(
    t.countries,
    c['countries.json'].map((x, i) => ({ ...x, sortOrder: i })),
    t.countries.id,
  );
  upsert(
    t.universities,
    c['universities.json'].map(({ scholarshipList: _, ...u }) => u),
    t.universities.id,
  );
  upsert(
    t.scholarships,
    c['universities.json'].flatMap((u) =>
      u.scholarshipList.map((s, i) => ({ ...s, id: `${u.id}-${i + 1}`, universityId: u.id })),
    ),
    t.scholarships.id,
  );
  upsert(
    t.departments,
    c['departments.json'].map((x, i) => ({ ...x, sortOrder: i })),
    t.departments.id,
  );
  upsert(
    t.subjects,
    c['subjects.json'].map((x, i) => ({ ...x, sortOrder: i })),
    t.subjects.id,
  );
  upsert(
    t.features,
    c['features.json'].map((x, i) => ({ ...x, id: `feature-${i + 1}`, sortOrder: i })),
    t.features.id,
  );
  upsert(
    t.services,
    c['services.json'].map((x, i) => ({ ...x, sortOrder: i })),
    t.services.id,
  );
  upsert(
    t.offices,
    c['offices.json'].map((x, i) => ({ ...x, sortOrder: i })),
    t.offices.id,
  );
  upsert(
    t.teamMembers,
    c['team.json'].map((x, i) => ({ ...x, sortOrder: i })),
    t.teamMembers.id,
  );
  upsert(t.strategies, c['strategies.json'], t.strategies.id);
  upsert(
    t.employerCategories,
    c['employer-categories.json'].map((name, i) => ({ name, sortOrder: i })),
    t.employerCategories.name,
  );
  upsert(
    t.jobs,
    c['jobs.json'].map(({ position: _, ...j }, i) => ({ ...j, sortOrder: i })),
    t.jobs.id,
  );
  upsert(t.exchangeRates, c['exchange-rates.json'], t.exchangeRates.id);
  upsert(t.countryCosts, c['country-costs.json'], t.countryCosts.id);
  upsert(t.cityCosts, c['city-costs.json'], t.cityCosts.id);
  upsert(
    t.contentBlocks,
    [
      { key: blockKeys.site, value: c['site.json'] },
      { key: blockKeys.missionVision, value: c['mission-vision.json'] },
      { key: blockKeys.about, value: c['about.json'] },
      { key: blockKeys.faq, value: c['faq.json'] },
      { key: blockKeys.recruitmentServices, value: c['recruitment-services.json'] },
      { key: blockKeys.partners, value: c['partners.json'] },
    ],
    t.contentBlocks.key,
  );

  if (audit) {
    statements.push(
      db.insert(t.auditLog).values({
        id: crypto.randomUUID(),
        staffId: null,
        action: 'content.seed',
        entity: 'site',
        after: { via: audit.via, overwrite },
      }),
    );
  }
  // D1 runs a batch as one transaction: the seed applies whole or not at all.
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return statements.length;
}
