import { describe, expect, it, beforeAll } from 'vitest';
import { request } from '#functions/test/fixtures/index.ts';
import { GOOD_LINKS, HOSTILE_LINKS } from '#functions/test/fixtures/index.ts';
import { LINK_RULE } from '#schemas/links.ts';
import type { ContentKind } from '#schemas/admin/index.ts';
import { auth, makePartnerRequest, makeStaff } from '#functions/test/fixtures/index.ts';

type Item = Record<string, unknown>;
let editor = '';
let admin = '';
beforeAll(async () => {
  editor = (await makeStaff('editor')).token;
  admin = (await makeStaff('admin')).token;
});

const send = (method: string, path: string, body: unknown, token = editor) =>
  request(path, {
    method,
    headers: { ...auth(token), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The first item of a kind, in the shape the editor sends back. */
async function firstItem(kind: ContentKind) {
  const list = await (
    await request(`/api/admin/content/${kind}?pageSize=1`, { headers: auth(editor) })
  ).json<{ items: { id: string }[] }>();
  const id = list.items[0]!.id;
  const { item } = await (
    await request(`/api/admin/content/${kind}/${id}`, { headers: auth(editor) })
  ).json<{ item: Item }>();
  return { id, item };
}

/** A copy of the item with one field (dotted path, list index as a number) set. */
function withField(item: Item, path: string, value: string): Item {
  const copy = structuredClone(item);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    at[key] ??= {};
    at = at[key] as Record<string, unknown>;
  }
  const last = keys.at(-1)!;
  if (Array.isArray(at) && /^\d+$/.test(last)) (at as unknown[])[Number(last)] = value;
  else at[last] = value;
  return copy;
}

// Every link or image field of every kind staff edit (offices have none).
const fields: [ContentKind, string][] = [
  ['countries', 'flag'],
  ['countries', 'image'],
  ['universities', 'logo'],
  ['universities', 'image'],
  ['universities', 'website'],
  ['departments', 'imageUrl'],
  ['subjects', 'image'],
  ['subjects', 'logo'],
  ['subjects', 'universityimage.0'],
  ['jobs', 'companyInfo.website'],
  ['jobs', 'companyInfo.logo'],
  ['services', 'icon'],
  ['services', 'link'],
  ['features', 'image'],
  ['features', 'learnMoreLink'],
  ['team', 'image'],
];

// The ways past a naive check, for each field; the whole list runs on one field below.
const sample = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' \tjavascript:alert(1)',
  '\u0001javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x',
];

describe('content links: only https://, http:// and site paths', () => {
  it.each(fields)('%s %s: a script URL gets 400 naming the field; a real link saves', async (kind, field) => {
    const { id, item } = await firstItem(kind);
    if (field === 'universityimage.0' && !(item.universityimage as string[]).length)
      (item.universityimage as string[]).push('/images/campus/1.svg');
    for (const link of sample) {
      const res = await send('PUT', `/api/admin/content/${kind}/${id}`, withField(item, field, link));
      expect(res.status, `${field} = ${JSON.stringify(link)}`).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, message: `${field} ${LINK_RULE}` });
    }
    const created = await send(
      'POST',
      `/api/admin/content/${kind}`,
      withField({ ...item, id: `${id}-copy` }, field, 'javascript:alert(1)'),
    );
    expect(created.status).toBe(400);
    const good =
      field.endsWith('website') || field.endsWith('Link') || field === 'link'
        ? 'https://example.com/page'
        : '/images/placeholder.svg';
    const ok = await send('PUT', `/api/admin/content/${kind}/${id}`, withField(item, field, good));
    expect(ok.status).toBe(200);
    // Put the seed value back for the other tests in this file.
    expect((await send('PUT', `/api/admin/content/${kind}/${id}`, item)).status).toBe(200);
  });

  it('refuses every hostile form on one field, and takes every good one', async () => {
    const { id, item } = await firstItem('features');
    for (const link of HOSTILE_LINKS) {
      const res = await send(
        'PUT',
        `/api/admin/content/features/${id}`,
        withField(item, 'learnMoreLink', link),
      );
      expect(res.status, JSON.stringify(link)).toBe(400);
    }
    for (const link of GOOD_LINKS) {
      const res = await send(
        'PUT',
        `/api/admin/content/features/${id}`,
        withField(item, 'learnMoreLink', link),
      );
      expect(res.status, link).toBe(200);
    }
    await send('PUT', `/api/admin/content/features/${id}`, item);
  });

  it("refuses a script URL as the website of a job made from a partner's hiring request", async () => {
    const request_ = await makePartnerRequest('employee', 'approved');
    for (const website of sample) {
      const res = await send(
        'POST',
        `/api/admin/partner-requests/${request_.id}/create-job`,
        { website },
        admin,
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, message: `Website ${LINK_RULE}` });
    }
    expect(
      (
        await send(
          'POST',
          `/api/admin/partner-requests/${request_.id}/create-job`,
          { website: 'https://acme.example' },
          admin,
        )
      ).status,
    ).toBe(201);
  });
});
