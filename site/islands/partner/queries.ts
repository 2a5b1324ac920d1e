import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { PartnerDto } from '../../../schemas/partner.ts';

/** The partner dashboard's reads, shared by its panels. */
export const partnerProfileQuery = (token: string) =>
  queryOptions({
    queryKey: ['partner', 'profile'],
    queryFn: () => api<{ success: boolean; partner?: PartnerDto }>(`/api/partner/profile?t=${Date.now()}`, { token }),
    retry: false,
    staleTime: 0,
  });
