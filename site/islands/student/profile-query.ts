import { queryOptions } from '@tanstack/react-query';
import { studentSession } from '#site/lib/session.ts';
import { schemaFrom } from '#site/lib/api.ts';
import { usersContract } from './contract.ts';
import { pagePaths } from '#schemas/paths.ts';

/** The signed-in student's profile; the time query defeats any cache on the way (spec 2 section 7). */
export const profileQuery = queryOptions({
  queryKey: ['student', 'profile'],
  queryFn: () =>
    studentSession.call(`/api/users/profile?t=${Date.now()}`, {
      schema: schemaFrom(usersContract, 'profileResponse'),
    }),
  staleTime: 0,
  retry: false,
});

/** Signs out: ends the session on the server, then clears the browser's copy whatever the answer. */
export async function logout() {
  await studentSession.signOut();
  location.assign(pagePaths.login);
}

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
