import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { PartnerDto, PartnerRequestDto } from '../../../schemas/partner.ts';

/** The partner dashboard's reads, shared by its panels. */
export const partnerProfileQuery = (token: string) =>
  queryOptions({
    queryKey: ['partner', 'profile'],
    queryFn: () => api<{ success: boolean; partner?: PartnerDto }>(`/api/partner/profile?t=${Date.now()}`, { token }),
    retry: false,
    staleTime: 0,
  });

export const partnerRequestsQuery = (token: string) =>
  queryOptions({
    queryKey: ['partner', 'requests'],
    queryFn: () => api<{ success: boolean; requests: PartnerRequestDto[] }>('/api/partner/requests', { token }),
    staleTime: 0,
  });
