import { useQuery } from '@tanstack/react-query';
import { adminApi, type StaffProfile } from '../session.ts';
import { AdminAlert } from '../AdminAlert.tsx';
import { PublishBar } from '../PublishBar.tsx';
import { dashboardResponse } from '#schemas/admin/index.ts';

export function Dashboard({ me }: { me: StaffProfile }) {
  const q = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminApi('/dashboard', { schema: dashboardResponse }),
  });
  const d = q.data;
  const cards: [string, number | undefined, string][] =
    d && me.role === 'admin'
      ? [
          // Each tile opens its list filtered to what it counts.
          ['Unread messages', d.inboxUnread, '/admin/inbox?status=unread'],
          [
            'New program applications',
            d.subscriptions?.submitted ?? 0,
            '/admin/applications?status=submitted',
          ],
          ['Applications in review', d.subscriptions?.in_review ?? 0, '/admin/applications?status=in_review'],
          ['Partners awaiting approval', d.partnersAwaiting, '/admin/partners?type=awaiting'],
          [
            'New partner requests',
            d.partnerRequests?.submitted ?? 0,
            '/admin/partner-requests?status=submitted',
          ],
          [
            'New job applications',
            d.jobApplications?.received ?? 0,
            '/admin/job-applications?status=received',
          ],
          ['Successful payments', d.payments?.succeeded ?? 0, '/admin/payments?status=succeeded'],
        ]
      : [];
  return (
    <>
      <h1>Welcome, {me.name}</h1>
      {d?.warnings?.map((w) => (
        <p key={w.setting} className="admin-warning" role="status">
          {w.message}
        </p>
      ))}
      <PublishBar />
      {q.isPending && <p>Loading…</p>}
      {q.isError && <AdminAlert error={q.error} />}
      {cards.length > 0 && (
        <ul className="admin-cards">
          {cards.map(([title, n, href]) => (
            <li key={title}>
              <a href={href} className="admin-card">
                <span className="admin-card__n">{n ?? 0}</span>
                <span>{title}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {me.role === 'editor' && (
        <p>
          You can edit the site's content and publish it. <a href="/admin/content">Go to content</a>.
        </p>
      )}
    </>
  );
}
