import type { Page, Route } from '@playwright/test';
import { hydratedAround } from '../helpers/islands.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';

// Free consultations as a person sees them (e2e/helpers/screen-state.ts): the booking page's free
// times (each with the office's own time beside it), its loading, empty and error states, its
// form errors and its success; the manage page as it opens, moving and cancelling, and a link that
// does not work. The week is fixed (the browser's clock and the slots' answer) so the pictures are
// the same every day; e2e/consultation.spec.ts books through the real API.

test.describe.configure({ timeout: 180_000 });
test.use({ timezoneId: 'Europe/London' });
test.beforeEach(async ({ page }) => {
  await addressOfItsOwn(page);
  await page.clock.setFixedTime(new Date('2027-03-01T08:00:00Z'));
});

/** Monday 1 March 2027 to Sunday 7 March: weekdays, in Dhaka in the morning and London in the afternoon. */
function weekOfSlots() {
  const slots = [];
  for (const day of ['01', '02', '03', '04', '05']) {
    for (const time of ['04:00', '04:30', '05:00', '08:30'])
      slots.push({ office: 'bangladesh-office', time, day });
    for (const time of ['10:00', '13:30', '14:15'])
      slots.push({ office: 'united-kingdom-office', time, day });
  }
  return {
    success: true,
    timeZone: 'Europe/London',
    slots: slots.map(({ office, time, day }) => {
      const start = new Date(`2027-03-${day}T${time}:00Z`);
      return {
        start: start.toISOString(),
        end: new Date(start.getTime() + 30 * 60_000).toISOString(),
        office,
        mode: 'video',
      };
    }),
    offices: [
      {
        id: 'bangladesh-office',
        name: 'Bangladesh Office',
        city: 'Dhaka',
        address: 'Banani, Dhaka',
        timeZone: 'Asia/Dhaka',
      },
      {
        id: 'united-kingdom-office',
        name: 'United Kingdom Office',
        city: 'London',
        address: 'Aldgate, London',
        timeZone: 'Europe/London',
      },
    ],
  };
}

const answerSlots = (page: Page, answer: (route: Route) => Promise<void>) =>
  page.route((url) => url.pathname === '/api/consultations/slots', answer);

async function openBooking(page: Page) {
  await page.goto('/book-consultation');
  await hydratedAround(page.getByRole('button', { name: 'Book the consultation' }));
}

test('booking: free times in the visitor’s zone with the office’s time beside them, the form’s errors, success', async ({
  page,
  states,
}) => {
  await answerSlots(page, (route) => route.fulfill({ json: weekOfSlots() }));
  await openBooking(page);
  const times = page.getByRole('group', { name: 'Monday 1 March' });
  await expect(times.getByRole('radio')).toHaveCount(7);
  await expect(times.getByText('10:00 in Dhaka')).toBeVisible();
  await expect(page.getByLabel('Times are shown in')).toHaveValue('Europe/London');
  await states.check('book-consultation-slots', {
    show: page.getByRole('heading', { name: 'Choose a time' }),
  });

  // Keyboard: the first time takes focus by Tab, the arrows move between times.
  await times.getByRole('radio').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(times.getByRole('radio').nth(1)).toBeChecked();
  await page.getByRole('button', { name: 'Book the consultation' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await states.check('book-consultation-errors', { show: page.getByRole('textbox', { name: 'Name' }) });

  await page.route(
    (url) => url.pathname === '/api/consultations',
    (route) =>
      route.fulfill({
        status: 201,
        json: {
          success: true,
          message: 'Your consultation is booked.',
          consultation: {
            id: 'c-1',
            start: '2027-03-01T04:30:00.000Z',
            end: '2027-03-01T05:00:00.000Z',
            status: 'booked',
            counsellor: { name: 'Rahim Chowdhury' },
          },
          manageUrl: '/consultation/c-1?t=token',
        },
      }),
  );
  await page.getByRole('textbox', { name: 'Name' }).fill('Ana Pereira');
  await page.getByRole('textbox', { name: 'Email' }).fill('ana@example.com');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0000');
  await page.getByRole('button', { name: 'Book the consultation' }).click();
  await expect(page.getByRole('heading', { name: 'Your consultation is booked' })).toBeFocused();
  await states.check('book-consultation-booked', {
    show: page.getByRole('heading', { name: 'Your consultation is booked' }),
  });
});

test('booking: loading, no free times, and times that could not load', async ({ page, states }) => {
  let release = () => {};
  await answerSlots(page, (route) =>
    new Promise<void>((resolve) => (release = resolve)).then(() =>
      route.fulfill({ json: { ...weekOfSlots(), slots: [], offices: [] } }),
    ),
  );
  await openBooking(page);
  const loading = page.getByRole('status').filter({ hasText: 'Loading free times…' });
  await expect(loading).toBeVisible();
  await states.check('book-consultation-loading', { show: loading });
  release();
  const empty = page.getByText('No free times this week.');
  await expect(empty).toBeVisible();
  await states.check('book-consultation-empty', { show: empty });

  await page.unrouteAll();
  await answerSlots(page, (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'Internal error' } }),
  );
  await page.getByRole('button', { name: 'Next week' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'We could not load the free times.' });
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await states.check('book-consultation-error', { show: failed });
});

const meeting = {
  id: 'c-1',
  start: '2027-03-02T10:00:00.000Z',
  end: '2027-03-02T10:30:00.000Z',
  status: 'booked',
  mode: 'video',
  topic: 'study',
  office: {
    id: 'bangladesh-office',
    name: 'Bangladesh Office',
    city: 'Dhaka',
    address: 'Banani, Dhaka',
    timeZone: 'Asia/Dhaka',
  },
  counsellor: { name: 'Rahim Chowdhury' },
  name: 'Ana Pereira',
  timeZone: 'Europe/London',
  videoLink: 'https://meet.example.com/bridgeway-rahim-chowdhury',
  changeable: true,
};

test('manage: the meeting, moving it, cancelling it, and a link that does not work', async ({
  page,
  states,
}) => {
  await answerSlots(page, (route) => route.fulfill({ json: weekOfSlots() }));
  await page.route(
    (url) => url.pathname === '/api/consultations/c-1',
    (route) => route.fulfill({ json: { success: true, consultation: meeting } }),
  );
  await page.goto('/consultation/c-1?t=token');
  await expect(page.getByText('Rahim Chowdhury, about studying abroad')).toBeVisible();
  await expect(page.getByText('· 16:00 GMT+6 in Dhaka')).toBeVisible();
  await states.check('manage-consultation');

  await page.getByRole('button', { name: 'Move to another time' }).click();
  // Its own time is left out of the choice.
  await expect(page.getByRole('group', { name: 'Tuesday 2 March' }).getByRole('radio')).toHaveCount(6);
  await states.check('manage-consultation-move', {
    show: page.getByRole('heading', { name: 'Choose a new time' }),
  });

  await page.getByRole('button', { name: 'Keep the current time' }).click();
  await page.getByRole('button', { name: 'Cancel the consultation' }).click();
  await expect(page.getByRole('heading', { name: 'Cancel this consultation?' })).toBeVisible();
  await states.check('manage-consultation-cancel', {
    show: page.getByRole('heading', { name: 'Cancel this consultation?' }),
  });

  await page.route(
    (url) => url.pathname === '/api/consultations/c-2',
    (route) =>
      route.fulfill({
        status: 404,
        json: {
          success: false,
          message:
            'This link does not work: it may have been copied only in part. Open it from your e-mail again.',
        },
      }),
  );
  await page.goto('/consultation/c-2?t=broken');
  await expect(page.getByRole('alert')).toContainText('This link does not work');
  await states.check('manage-consultation-invalid');
});
