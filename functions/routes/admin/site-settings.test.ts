import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { request } from '#functions/test/fixtures/index.ts';
import * as t from '#db/schema/index.ts';
import { VIDEO_URL_MESSAGE } from '#schemas/video.ts';
import { SITE_CONTACTS_ADMIN_ONLY, siteContactFields } from '#schemas/content.ts';
import type { SiteContactsSaved } from '#schemas/admin/index.ts';
import { auth, db, makeStaff } from '#functions/test/fixtures/index.ts';

let editor: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  editor = await makeStaff('editor');
});

const put = (body: unknown, token = editor.token) =>
  request('/api/admin/site-settings', {
    method: 'PUT',
    headers: { ...auth(token), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const current = async () =>
  (
    await (
      await request('/api/admin/site-settings', { headers: auth(editor.token) })
    ).json<{
      item: Record<string, unknown> & { videos: Record<string, string | null> };
    }>()
  ).item;

describe('site settings (the brand and the video links)', () => {
  it('needs a staff session', async () => {
    expect((await request('/api/admin/site-settings')).status).toBe(401);
  });

  it('saves video links staff may set (audited), and none means posters only', async () => {
    const site = await current();
    expect(site.videos).toEqual({
      homeSupport: null,
      coursesHero: null,
      coursesIntro: null,
      higherEducationHero: null,
    });
    const videos = {
      homeSupport: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      coursesHero: 'https://media.example.com/courses/hero.mp4',
      coursesIntro: 'https://vimeo.com/76979871',
      higherEducationHero: '/api/files/videos/higher-education.webm',
    };
    const res = await put({ ...site, videos });
    expect(res.status).toBe(200);
    expect((await current()).videos).toEqual(videos);
    const [entry] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'content.update'), eq(t.auditLog.entity, 'site')));
    expect(entry).toMatchObject({ staffId: editor.id, after: expect.objectContaining({ videos }) });
  });

  it.each([
    ['http://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=short'],
    ['https://example.com/page.html'],
    ['https://evil.example/player.js'],
    ['javascript:alert(1)'],
    ['//cdn.example.com/a.mp4'],
    [''],
  ])('refuses the video link %j beside its field, and stores nothing', async (link) => {
    const site = await current();
    const res = await put({ ...site, videos: { ...site.videos, coursesHero: link } });
    expect(res.status).toBe(400);
    const body = await res.json<{ success: boolean; message: string; fields: Record<string, string> }>();
    expect(body.fields).toEqual({ 'videos.coursesHero': VIDEO_URL_MESSAGE });
    expect((await current()).videos.coursesHero).toBe(site.videos.coursesHero);
  });

  it('names every invalid field of the brand at once', async () => {
    const site = await current();
    const res = await put({ ...site, companyName: '', companyNumber: '123', registeredIn: 'Mars' });
    expect(res.status).toBe(400);
    const { fields } = await res.json<{ fields: Record<string, string> }>();
    expect(Object.keys(fields).sort()).toEqual(['companyName', 'companyNumber', 'registeredIn']);
    expect(fields.companyNumber).toMatch(/Companies House number/);
  });
});

// An editor could redirect staff notifications (which carry enquirers' personal
// data) and change the public contact addresses. Those are admins' now, audited, and each change is
// e-mailed to the previous addresses.
describe('contact details and the staff notification address', () => {
  let admin: Awaited<ReturnType<typeof makeStaff>>;
  beforeAll(async () => {
    admin = await makeStaff('admin');
  });
  const putContacts = (body: unknown, token: string) =>
    request('/api/admin/site-settings/contacts', {
      method: 'PUT',
      headers: { ...auth(token), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const contactsOf = (site: Record<string, unknown>) =>
    Object.fromEntries(siteContactFields.map((f) => [f, site[f]])) as Record<string, unknown>;
  const noticesTo = (to: string) =>
    db
      .select()
      .from(t.outbox)
      .where(and(eq(t.outbox.to, to), like(t.outbox.subject, '%contact details%were changed')));

  it('refuses an editor who changes the staff notification address or a public contact, and stores nothing', async () => {
    const site = await current();
    const audits = await db.select().from(t.auditLog).where(eq(t.auditLog.staffId, editor.id));
    for (const change of [
      { staffNotificationEmail: 'attacker@evil.example' },
      { email: 'info@evil.example' },
      { admissionsEmail: 'admissions@evil.example' },
      { phone: '+44 20 3870 9999' },
      { social: { facebook: 'https://www.facebook.com/evil', instagram: 'https://www.instagram.com/evil' } },
      { companyNumber: '87654321' },
    ]) {
      const res = await put({ ...site, ...change });
      expect(res.status, JSON.stringify(change)).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: SITE_CONTACTS_ADMIN_ONLY });
    }
    const res = await putContacts(
      { ...contactsOf(site), staffNotificationEmail: 'attacker@evil.example' },
      editor.token,
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: 'Your role does not allow this.' });
    expect(await current()).toEqual(site);
    expect(await db.select().from(t.auditLog).where(eq(t.auditLog.staffId, editor.id))).toEqual(audits);
  });

  it('lets an editor save the brand and videos with the contact fields left out or unchanged', async () => {
    const site = await current();
    const { email: _e, staffNotificationEmail: _s, phone: _p, ...brandOnly } = site;
    expect((await put({ ...brandOnly, tagline: 'Study and work abroad' })).status).toBe(200);
    expect((await put({ ...site, tagline: 'Study, work and hire abroad' })).status).toBe(200);
    expect(await current()).toMatchObject({ tagline: 'Study, work and hire abroad', email: site.email });
  });

  it('lets an admin change them: audited, the content version moves, and the previous addresses are e-mailed', async () => {
    const site = await current();
    const previous = site.staffNotificationEmail as string;
    const previousPublic = site.email as string;
    const versionBefore = (await db.select().from(t.contentVersion))[0]!.version;
    const res = await putContacts(
      {
        ...contactsOf(site),
        staffNotificationEmail: 'alerts@bridgeway-global.co.uk',
        email: 'hello@bridgeway-global.co.uk',
      },
      admin.token,
    );
    expect(res.status).toBe(200);
    const body = await res.json<SiteContactsSaved>();
    expect(body.notified.sort()).toEqual([previous, previousPublic].sort());
    expect(body.message).toContain(previous);
    expect(await current()).toMatchObject({
      staffNotificationEmail: 'alerts@bridgeway-global.co.uk',
      email: 'hello@bridgeway-global.co.uk',
      tagline: site.tagline,
    });

    const [entry] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'content.site_contacts'), eq(t.auditLog.staffId, admin.id)));
    expect(entry).toMatchObject({
      entity: 'site',
      before: { staffNotificationEmail: previous, email: previousPublic },
      after: {
        staffNotificationEmail: 'alerts@bridgeway-global.co.uk',
        email: 'hello@bridgeway-global.co.uk',
      },
    });
    const versionAfter = (await db.select().from(t.contentVersion))[0]!.version;
    expect(versionAfter).toBeGreaterThan(versionBefore);

    for (const to of [previous, previousPublic]) {
      const [notice] = await noticesTo(to);
      expect(notice, to).toBeDefined();
      expect(notice!.text).toContain(
        `Staff notification address: ${previous} → alerts@bridgeway-global.co.uk`,
      );
      expect(notice!.text).toContain(admin.name);
    }
    // The next enquiry goes to the new address only.
    const enquiry = await request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Routed',
        email: 'visitor@example.net',
        message: 'Where does this go?',
      }),
    });
    expect(enquiry.status).toBe(201);
    const routed = await db.select().from(t.outbox).where(like(t.outbox.text, '%Where does this go?%'));
    expect(routed.map((m) => m.to)).toEqual(['alerts@bridgeway-global.co.uk']);

    // Saving the same values again changes nothing and tells nobody.
    const again = await putContacts(contactsOf(await current()), admin.token);
    expect(await again.json()).toMatchObject({ message: 'Nothing changed.', notified: [] });
    expect(await noticesTo('alerts@bridgeway-global.co.uk')).toEqual([]);
  });

  it('validates the contact fields by name', async () => {
    const site = await current();
    const res = await putContacts(
      { ...contactsOf(site), staffNotificationEmail: 'not an address', companyNumber: '12' },
      admin.token,
    );
    expect(res.status).toBe(400);
    const { fields } = await res.json<{ fields: Record<string, string> }>();
    expect(Object.keys(fields).sort()).toEqual(['companyNumber', 'staffNotificationEmail']);
  });
});
