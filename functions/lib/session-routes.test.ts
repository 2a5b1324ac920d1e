import { describe, expect, it } from 'vitest';
import {
  DEVICE_SIGNED_OUT,
  NO_SUCH_DEVICE,
  PASSWORD_CHANGED,
  WRONG_CURRENT_PASSWORD,
  accountSettingsPaths,
} from '#schemas/account-settings.ts';
import {
  aBrowser,
  partnerRegistration,
  studentRegistration,
  waitForCode,
  type Browser,
} from '../test/fixtures/index.ts';
import { deviceLabel } from './device-label.ts';

// A signed-in person's devices and password, behind every door: the list of signed-in devices,
// signing one out, and changing the password, which signs the other devices out.

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

const json = async (res: Response) => await res.json<Record<string, any>>();

interface Door {
  name: string;
  login: string;
  me: string;
  paths: (typeof accountSettingsPaths)[keyof typeof accountSettingsPaths];
  /** An account of this kind, verified; its e-mail and password. */
  account: () => Promise<{ email: string; password: string }>;
  /** The header its token travels in. */
  auth: (token: string) => Record<string, string>;
}

const doors: Door[] = [
  {
    name: 'student',
    login: '/api/users/login',
    me: '/api/users/profile',
    paths: accountSettingsPaths.student,
    account: async () => {
      const browser = aBrowser();
      const form = studentRegistration();
      const { userId } = await json(await browser.post('/api/users/register/', form));
      const otp = await waitForCode(form.email, /verification code/);
      await browser.post('/api/users/verify-otp', { userId, otp });
      return { email: form.email, password: form.password };
    },
    auth: (token) => ({ Authorization: `Bearer ${token}` }),
  },
  {
    name: 'partner',
    login: '/api/partner/login',
    me: '/api/partner/profile',
    paths: accountSettingsPaths.partner,
    account: async () => {
      const browser = aBrowser();
      const form = partnerRegistration();
      await browser.post('/api/partner/register', form);
      const otp = await waitForCode(form.ownerEmail, /verification code/);
      await browser.post('/api/partner/verify-otp', { email: form.ownerEmail, otp });
      return { email: form.ownerEmail, password: form.password };
    },
    auth: (token) => ({ Authorization: `Bearer ${token}` }),
  },
  {
    name: 'job seeker',
    login: '/api/job-applicants/login',
    me: '/api/job-applicants/me',
    paths: accountSettingsPaths.applicant,
    account: async () => {
      const email = `devices-${crypto.randomUUID()}@example.com`;
      await aBrowser().post('/api/job-applicants/register', {
        fullName: 'Dev Ices',
        email,
        phone: '020 7946 0113',
        password: 'Seeker-pass-2026',
      });
      return { email, password: 'Seeker-pass-2026' };
    },
    auth: (token) => ({ 'X-Applicant-Token': token }),
  },
];

async function signIn(door: Door, browser: Browser, email: string, password: string, userAgent: string) {
  const res = await browser.post(door.login, { email, password }, { 'User-Agent': userAgent });
  expect(res.status).toBe(200);
  return (await json(res)).token as string;
}

describe.each(doors)('$name: signed-in devices and the password', (door) => {
  it('lists each signed-in device by browser and system, marks this one, and signs another out', async () => {
    const { email, password } = await door.account();
    const phone = aBrowser();
    const laptop = aBrowser();
    const onPhone = await signIn(door, phone, email, password, PHONE);
    const onLaptop = await signIn(door, laptop, email, password, LAPTOP);

    const list = await json(await phone.request(door.paths.devices, { headers: door.auth(onPhone) }));
    const mine = list.devices.filter((d: { device: string }) => d.device !== 'Unknown browser');
    expect(mine.map((d: { device: string; current: boolean }) => [d.device, d.current])).toEqual([
      ['Safari on macOS', false],
      ['Chrome on Android', true],
    ]);
    const laptopSession = mine[0].id as string;

    const out = await phone.request(`${door.paths.devices}/${laptopSession}`, {
      method: 'DELETE',
      headers: door.auth(onPhone),
    });
    expect(out.status).toBe(200);
    expect((await json(out)).message).toBe(DEVICE_SIGNED_OUT);
    expect((await laptop.request(door.me, { headers: door.auth(onLaptop) })).status).toBe(401);
    expect((await phone.request(door.me, { headers: door.auth(onPhone) })).status).toBe(200);
    // Gone already, or never this account's: the same 404.
    const again = await phone.request(`${door.paths.devices}/${laptopSession}`, {
      method: 'DELETE',
      headers: door.auth(onPhone),
    });
    expect(again.status).toBe(404);
    expect((await json(again)).message).toBe(NO_SUCH_DEVICE);
  });

  it('changes the password with the current one; every other device is signed out, this one stays', async () => {
    const { email, password } = await door.account();
    const phone = aBrowser();
    const laptop = aBrowser();
    const onPhone = await signIn(door, phone, email, password, PHONE);
    const onLaptop = await signIn(door, laptop, email, password, LAPTOP);
    const change = (body: unknown) => phone.post(door.paths.changePassword, body, door.auth(onPhone));

    const wrong = await change({ currentPassword: 'not-it-at-all', newPassword: 'Fresh-pass-2027' });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).message).toBe(WRONG_CURRENT_PASSWORD);
    expect((await change({ currentPassword: password, newPassword: '12345' })).status).toBe(400);
    const common = await change({ currentPassword: password, newPassword: 'password123' });
    expect(common.status).toBe(400);
    expect((await json(common)).message).toBe('This password is too common. Choose another.');

    const done = await change({ currentPassword: password, newPassword: 'Fresh-pass-2027' });
    expect(done.status).toBe(200);
    expect((await json(done)).message).toBe(PASSWORD_CHANGED);
    expect((await laptop.request(door.me, { headers: door.auth(onLaptop) })).status).toBe(401);
    expect((await phone.request(door.me, { headers: door.auth(onPhone) })).status).toBe(200);
    expect((await aBrowser().post(door.login, { email, password })).status).toBe(401);
    expect((await aBrowser().post(door.login, { email, password: 'Fresh-pass-2027' })).status).toBe(200);
  });

  it('guessing the current password is limited as signing in is', async () => {
    const { email, password } = await door.account();
    const browser = aBrowser();
    const token = await signIn(door, browser, email, password, PHONE);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await browser.post(
            door.paths.changePassword,
            { currentPassword: `guess-${i}`, newPassword: 'Fresh-pass-2027' },
            door.auth(token),
          )
        ).status,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('deviceLabel', () => {
  it.each([
    [PHONE, 'Chrome on Android'],
    [LAPTOP, 'Safari on macOS'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
      'Firefox on iPhone',
    ],
    ['curl/8.5.0', 'Unknown browser'],
    [undefined, 'Unknown browser'],
  ])('%s → %s', (agent, label) => {
    expect(deviceLabel(agent)).toBe(label);
  });
});
