import { queryOptions } from '@tanstack/react-query';
import { studentSession } from '../../lib/session.ts';
import type { ProfileResponse } from '../../../schemas/users.ts';

/** The signed-in student's profile; the time query defeats any cache on the way (spec 2 section 7). */
export const profileQuery = queryOptions({
  queryKey: ['student', 'profile'],
  queryFn: () => studentSession.call<ProfileResponse>(`/api/users/profile?t=${Date.now()}`),
  staleTime: 0,
  retry: false,
});

export function logout() {
  studentSession.clear();
  location.assign('/login');
}

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
