/// <reference lib="dom" />
// Schema.org JSON-LD as search engines read it from the served pages. There is no
// internet here, so Google's Rich Results rules for JobPosting, LocalBusiness, Organization and
// BreadcrumbList are written out below (developers.google.com/search/docs/appearance/structured-data:
// required properties fail a test, recommended ones that we claim to send are checked too).
import { test, expect, type Page } from '@playwright/test';
import {
  baseSalary,
  countryCode,
  employmentType,
  jobIsListed,
  serializeJsonLd,
} from '#site/lib/structured-data.ts';

type Node = Record<string, unknown> & { '@type': string | string[] };

async function jsonLd(page: Page, path: string): Promise<Node[]> {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Node);
}
const ofType = (nodes: Node[], type: string) =>
  nodes.filter((n) => (Array.isArray(n['@type']) ? n['@type'] : [n['@type']]).includes(type));
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
const isoDate = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})?)?$/;
const absoluteUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^/]+/.test(v);

/** Google's PostalAddress as its rich results read it: a country code and a town at least. */
function addressProblems(a: unknown, where: string): string[] {
  if (!isObject(a) || a['@type'] !== 'PostalAddress') return [`${where}: address must be a PostalAddress`];
  const p: string[] = [];
  if (typeof a.addressCountry !== 'string' || !/^[A-Z]{2}$/.test(a.addressCountry))
    p.push(`${where}: addressCountry must be an ISO 3166-1 alpha-2 code, got ${String(a.addressCountry)}`);
  if (!nonEmpty(a.addressLocality)) p.push(`${where}: addressLocality missing`);
  if (!nonEmpty(a.streetAddress)) p.push(`${where}: streetAddress missing`);
  return p;
}

const EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
];
const SALARY_UNITS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];

/** Google's JobPosting: required title, description, datePosted, hiringOrganization, jobLocation. */
function jobPostingProblems(j: Node): string[] {
  const p: string[] = [];
  if (j['@context'] !== 'https://schema.org') p.push('@context must be https://schema.org');
  // Required.
  if (!nonEmpty(j.title)) p.push('title missing');
  if (!nonEmpty(j.description)) p.push('description missing');
  if (!(typeof j.datePosted === 'string' && isoDate.test(j.datePosted)))
    p.push(`datePosted must be ISO 8601, got ${String(j.datePosted)}`);
  const org = j.hiringOrganization;
  if (!isObject(org) || !nonEmpty(org.name)) p.push('hiringOrganization.name missing');
  else if (org.sameAs !== undefined && !absoluteUrl(org.sameAs))
    p.push('hiringOrganization.sameAs must be a URL');
  const remote = j.jobLocationType === 'TELECOMMUTE';
  if (remote) {
    if (!isObject(j.applicantLocationRequirements))
      p.push('remote job without applicantLocationRequirements');
  } else {
    const loc = j.jobLocation;
    if (!isObject(loc) || loc['@type'] !== 'Place') p.push('jobLocation must be a Place');
    else p.push(...addressProblems(loc.address, 'jobLocation'));
  }
  // Recommended (each one we send must be right).
  if (!(typeof j.validThrough === 'string' && isoDate.test(j.validThrough)))
    p.push(`validThrough must be ISO 8601, got ${String(j.validThrough)}`);
  else if (Date.parse(j.validThrough) < Date.parse(String(j.datePosted)))
    p.push('validThrough before datePosted');
  const types = Array.isArray(j.employmentType) ? j.employmentType : [j.employmentType];
  if (!types.length || types.some((t) => !EMPLOYMENT_TYPES.includes(String(t))))
    p.push(
      `employmentType must be among ${EMPLOYMENT_TYPES.join(', ')}, got ${JSON.stringify(j.employmentType)}`,
    );
  if (j.baseSalary !== undefined) {
    const s = j.baseSalary;
    const v = isObject(s) ? s.value : undefined;
    if (!isObject(s) || s['@type'] !== 'MonetaryAmount' || !/^[A-Z]{3}$/.test(String(s.currency)))
      p.push('baseSalary must be a MonetaryAmount with an ISO 4217 currency');
    else if (!isObject(v) || v['@type'] !== 'QuantitativeValue' || !SALARY_UNITS.includes(String(v.unitText)))
      p.push('baseSalary.value must be a QuantitativeValue with unitText HOUR/DAY/WEEK/MONTH/YEAR');
    else if (!(
      typeof v.value === 'number' ||
      (typeof v.minValue === 'number' && typeof v.maxValue === 'number' && v.minValue <= v.maxValue)
    ))
      p.push('baseSalary.value needs value, or minValue ≤ maxValue');
  }
  if (!isObject(j.identifier) || !nonEmpty(j.identifier.value)) p.push('identifier missing');
  if (typeof j.directApply !== 'boolean') p.push('directApply missing');
  return p;
}

test.describe('structured data (JSON-LD)', () => {
  test("every open job page carries a JobPosting with Google's required and recommended properties; the closed job none", async ({
    page,
    request,
  }) => {
    const jobs = (await (await request.get('/api/applyjobs')).json()) as { _id: string; title: string }[];
    expect(jobs.length).toBeGreaterThan(5);
    let withSalary = 0;
    for (const job of jobs) {
      const nodes = await jsonLd(page, `/job/${job._id}`);
      const postings = ofType(nodes, 'JobPosting');
      expect(postings, job._id).toHaveLength(1);
      const posting = postings[0]!;
      expect(jobPostingProblems(posting), job._id).toEqual([]);
      expect(posting.title).toBe(job.title);
      expect(posting.url).toMatch(new RegExp(`/job/${job._id}$`));
      if (posting.baseSalary) withSalary++;
    }
    // Every seeded job states its pay in a form the page can turn into baseSalary.
    expect(withSalary).toBe(jobs.length);

    // The seeded closed job keeps its page but drops the markup (Google: remove it when filled).
    const closed = await jsonLd(page, '/job/domestic-cleaner-london');
    await expect(page.getByText('Closed', { exact: true })).toBeVisible();
    expect(ofType(closed, 'JobPosting')).toEqual([]);

    // The checker itself fails on what Google refuses.
    expect(jobPostingProblems({ '@type': 'JobPosting', title: 'x' })).toEqual(
      expect.arrayContaining([
        'description missing',
        'hiringOrganization.name missing',
        'jobLocation must be a Place',
      ]),
    );
  });

  test('home: the company is an Organization (not an EducationalOrganization); its offices are LocalBusiness nodes on /contactform', async ({
    page,
  }) => {
    const nodes = await jsonLd(page, '/');
    expect(ofType(nodes, 'EducationalOrganization')).toEqual([]);
    const [org] = ofType(nodes, 'Organization');
    expect(org).toBeDefined();
    expect(nonEmpty(org!.name)).toBe(true);
    expect(absoluteUrl(org!.url) && absoluteUrl(org!.logo)).toBe(true);
    expect(addressProblems(org!.address, 'Organization')).toEqual([]);
    // The offices are described once, on the page that lists them (their @id and url name it); the
    // home page's Organization points to them.
    expect(ofType(nodes, 'LocalBusiness')).toEqual([]);
    const offices = ofType(await jsonLd(page, '/contactform'), 'LocalBusiness');
    expect(offices.length).toBe(5);
    for (const o of offices) {
      // Google's LocalBusiness: name and address required; telephone and url recommended.
      expect(nonEmpty(o.name), JSON.stringify(o)).toBe(true);
      expect(addressProblems(o.address, String(o.name))).toEqual([]);
      expect(absoluteUrl(o.url)).toBe(true);
      expect((o.parentOrganization as { '@id': string })['@id']).toBe(org!['@id']);
    }
    expect(offices.map((o) => (o.address as { addressCountry: string }).addressCountry).sort()).toEqual([
      'BD',
      'BG',
      'EE',
      'GB',
      'NG',
    ]);
    expect((org!.subOrganization as { '@id': string }[]).map((s) => s['@id']).sort()).toEqual(
      offices.map((o) => o['@id']).sort(),
    );
  });

  test('content pages carry a BreadcrumbList that ends at the page itself', async ({ page }) => {
    const cases: [string, string[]][] = [
      ['/country-details/ireland', ['Home', 'Study Abroad', 'Ireland']],
      ['/subject/msc-data-science-university-of-leeds', ['Home', 'Courses', 'MSc Data Science']],
      ['/job/warehouse-operative-rotterdam', ['Home', 'Work abroad', 'Jobs', 'Warehouse Operative']],
      ['/destinations', ['Home']],
      ['/about-us', ['Home']],
      ['/scholarships', ['Home']],
    ];
    for (const [path, start] of cases) {
      const [crumbs, ...more] = ofType(await jsonLd(page, path), 'BreadcrumbList');
      expect(more, path).toEqual([]);
      const items = (crumbs?.itemListElement ?? []) as {
        '@type': string;
        position: number;
        name: string;
        item: string;
      }[];
      expect(items.length, path).toBeGreaterThanOrEqual(2);
      items.forEach((it, i) => {
        expect(it['@type']).toBe('ListItem');
        expect(it.position).toBe(i + 1);
        expect(nonEmpty(it.name) && absoluteUrl(it.item), `${path} crumb ${i}`).toBe(true);
      });
      expect(items.map((i) => i.name).slice(0, start.length)).toEqual(start);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(items.at(-1)!.item, path).toBe(canonical);
    }
    // The home page is the root of every trail and has none; private pages have no JSON-LD at all.
    expect(ofType(await jsonLd(page, '/'), 'BreadcrumbList')).toEqual([]);
    expect(await jsonLd(page, '/login')).toEqual([]);
  });

  test('the builders read what people type: pay, contract words, country names, closing dates', () => {
    expect(baseSalary('€13.50–14.50 per hour')).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'EUR',
      value: { '@type': 'QuantitativeValue', minValue: 13.5, maxValue: 14.5, unitText: 'HOUR' },
    });
    expect(baseSalary('£27,000–30,000 per year')?.value).toMatchObject({
      minValue: 27000,
      maxValue: 30000,
      unitText: 'YEAR',
    });
    expect(baseSalary('£12–£14 per hour')?.value).toMatchObject({ minValue: 12, maxValue: 14 });
    expect(baseSalary('£13.15 per hour')?.value).toEqual({
      '@type': 'QuantitativeValue',
      value: 13.15,
      unitText: 'HOUR',
    });
    expect(baseSalary('Competitive')).toBeUndefined(); // no baseSalary rather than a wrong one
    expect(employmentType(['Full-time', 'Permanent', 'Hybrid'])).toEqual(['FULL_TIME']);
    expect(employmentType(['Part-time', 'Seasonal'])).toEqual(['PART_TIME', 'TEMPORARY']);
    expect(employmentType(['Contract'])).toEqual(['CONTRACTOR']);
    expect(['United Kingdom', 'Germany', 'Netherlands', 'Bangladesh'].map(countryCode)).toEqual([
      'GB',
      'DE',
      'NL',
      'BD',
    ]);
    expect(countryCode('Atlantis')).toBeUndefined();
    const now = new Date('2027-06-01T12:00:00Z');
    expect(jobIsListed({ status: 'open', endDate: '2027-06-01' }, now)).toBe(true);
    expect(jobIsListed({ status: 'open', endDate: '2027-05-31' }, now)).toBe(false);
    expect(jobIsListed({ status: 'closed', endDate: '2028-01-01' }, now)).toBe(false);
  });

  test('JSON-LD is serialised so that no text can close its <script> element', async ({ page }) => {
    const hostile = {
      '@type': 'JobPosting',
      title: '</script><script>window.pwned = 1</script>',
      description: '<!-- & \u2028',
    };
    const text = serializeJsonLd(hostile);
    expect(text).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(text)).toEqual(hostile);
    // And in a real document the element keeps all of it as data.
    await page.setContent(`<script type="application/ld+json">${text}</script><p id="after">after</p>`);
    expect(JSON.parse((await page.locator('script').textContent())!)).toEqual(hostile);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await expect(page.locator('#after')).toHaveText('after');
  });
});
