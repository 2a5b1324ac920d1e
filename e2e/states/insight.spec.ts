import { uniqueEmail } from '../helpers/mailbox.ts';
import { sql } from '../helpers/rows.ts';
import { signInNewAdmin, signInNewEditor } from '../helpers/staff.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';

// The back office's insight screen (e2e/helpers/screen-state.ts): a funnel, trends, sources, the
// inbox's response and the rankings over a period of June 2030 that only this test writes history
// into (so its figures, and its screenshots, are the same on every run), then the same screen with
// another funnel chosen through the filters (which the address keeps), and an editor's view.

test.beforeEach(async ({ page }) => addressOfItsOwn(page));

const stamp = Date.now();
const ms = (iso: string) => Date.parse(iso);

/** History of June 2030: three students registering, two applying, one reviewed, one offered. */
function writeHistory() {
  const rows: string[] = [];
  const students = [
    {
      id: `e2e-insight-a-${stamp}`,
      at: '2030-06-03T09:00:00Z',
      applied: '2030-06-04T09:00:00Z',
      review: '2030-06-10T09:00:00Z',
      offer: '2030-06-20T09:00:00Z',
    },
    { id: `e2e-insight-b-${stamp}`, at: '2030-06-05T09:00:00Z', applied: '2030-06-12T09:00:00Z' },
    { id: `e2e-insight-c-${stamp}`, at: '2030-06-18T09:00:00Z' },
  ];
  let n = 0;
  const move = (
    entity: string,
    id: string,
    person: string,
    from: string | null,
    to: string,
    at: string,
    cohort: string,
  ) =>
    rows.push(
      `('${stamp}-${n++}', '${entity}', '${id}', '${person}', ${from ? `'${from}'` : 'null'}, '${to}', 'person', null, null, 0, ${ms(cohort)}, ${ms(at)}, ${ms(at)})`,
    );
  for (const s of students) {
    sql(`insert into users (id, full_name, academic_status, contact_number, current_address, role, email, password_hash, is_verified, created_at, updated_at)
      values ('${s.id}', 'Insight Student', 'Graduate', '${s.id}', 'Leeds', 'student', '${s.id}@example.com', 'x', 1, ${ms(s.at)}, ${ms(s.at)})`);
    move('student', s.id, s.id, null, 'registered', s.at, s.at);
    move('student', s.id, s.id, 'registered', 'profile_complete', s.at, s.at);
    if (s.applied) move('subscription', `${s.id}-app`, s.id, null, 'submitted', s.applied, s.at);
    if (s.review) move('subscription', `${s.id}-app`, s.id, 'submitted', 'in_review', s.review, s.at);
    if (s.offer) move('subscription', `${s.id}-app`, s.id, 'in_review', 'offer', s.offer, s.at);
    sql(`insert into arrival_sources (entity, entity_id, page, utm_source, utm_medium, utm_campaign, created_at)
      values ('student', '${s.id}', '/study-in-uk', 'newsletter', 'email', 'summer', ${ms(s.at)})`);
  }
  sql(`insert into status_changes (id, entity, entity_id, person_id, from_status, to_status, actor, staff_id, note, approximate, cohort_at, created_at, updated_at)
    values ${rows.join(', ')}`);
  return () => {
    sql(`delete from status_changes where id like '${stamp}-%'`);
    sql(`delete from arrival_sources where entity_id like 'e2e-insight-%-${stamp}'`);
    sql(`delete from users where id like 'e2e-insight-%-${stamp}'`);
  };
}

test('insight: the funnel, trends, sources and rankings of a period; another funnel by the filters; an editor sees sources only', async ({
  page,
  states,
}) => {
  test.setTimeout(300_000);
  const cleanup = writeHistory();
  try {
    await signInNewAdmin(page, {
      email: uniqueEmail('states-insight-admin'),
      name: 'Insight Admin',
      password: 'a long staff password 42',
    });
    await page.goto('/admin/insight?from=2030-06-01&to=2030-06-30&kind=students');
    const funnel = page.getByRole('table', { name: /Funnel by step/ });
    await expect(funnel.getByRole('row', { name: /Registration/ })).toContainText('3');
    await expect(funnel.getByRole('row', { name: /^Application/ })).toContainText('2');
    await expect(
      page.getByText(/Of 3 who entered \(registration\) in the period, 0 \(0%\) reached enrolled/),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Sources, campaigns and landing pages' })).toContainText(
      'newsletter',
    );
    await states.check('admin-insight-students');

    // Another funnel through the form: the address keeps it, so the link shows the same figures.
    await page.getByRole('combobox', { name: 'Funnel' }).selectOption('jobs');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page).toHaveURL(/kind=jobs/);
    await expect(funnel.getByRole('row', { name: /Forwarded to employer/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Funnel' })).toHaveValue('jobs');
    await states.check('admin-insight-jobs');

    // A period that ends before it starts is refused where it is typed.
    await page.getByLabel('From', { exact: true }).fill('2030-07-10');
    await expect(page.getByRole('alert')).toHaveText('The period must end on or after its start.');
    await states.check('admin-insight-bad-period');

    await page.context().clearCookies();
    await signInNewEditor(page, {
      email: uniqueEmail('states-insight-editor'),
      name: 'Insight Editor',
      password: 'a long staff password 42',
    });
    await page.goto('/admin/insight?from=2030-06-01&to=2030-06-30');
    await expect(page.getByRole('table', { name: 'Sources, campaigns and landing pages' })).toContainText(
      'newsletter',
    );
    await expect(page.getByRole('table', { name: /Funnel by step/ })).toHaveCount(0);
    await states.check('admin-insight-editor');
  } finally {
    cleanup();
  }
});
