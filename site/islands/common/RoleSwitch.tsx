import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { schemaFrom } from '#site/lib/api.ts';
import type { createSession } from '#site/lib/session.ts';
import { accountSettingsPaths } from '#schemas/account-settings-text.ts';
import type { PersonRole } from '#schemas/account-settings.ts';

type Session = ReturnType<typeof createSession>;
const contract = () => import('#schemas/account-settings.ts');
const rolesResponse = schemaFrom(contract, 'rolesResponse');
const switchRoleResponse = schemaFrom(contract, 'switchRoleResponse');

/**
 * The link from one of a person's dashboards to another (a partner organisation's owner who is
 * also a student), shown only when the person holds the other role. Switching asks no password: the
 * session held here is the proof (functions/lib/session-routes.ts `POST /switch`), and the other
 * dashboard's session is stored where its pages read it.
 */
export function RoleSwitch({
  from,
  to,
  session,
  target,
  label,
  href,
  className,
}: {
  from: PersonRole;
  to: PersonRole;
  session: Session;
  target: Session;
  label: string;
  href: string;
  className?: string;
}) {
  const paths = accountSettingsPaths[from];
  const roles = useQuery({
    queryKey: ['roles', from],
    queryFn: () => session.call(paths.roles, { schema: rolesResponse }),
    staleTime: 60_000,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!roles.data?.roles[to]) return null;

  async function go() {
    setBusy(true);
    setError(null);
    try {
      const { token } = await session.call(paths.switchRole, {
        method: 'POST',
        body: { to },
        schema: switchRoleResponse,
      });
      target.save(token);
      location.assign(href);
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error ? e.message : 'Could not switch. Please try again.');
    }
  }
  return (
    <>
      <button type="button" className={className} onClick={() => void go()} disabled={busy}>
        {busy ? 'Switching…' : label}
      </button>
      {error && <p role="alert">{error}</p>}
    </>
  );
}
