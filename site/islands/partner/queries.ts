import { queryOptions } from '@tanstack/react-query';
import { api, schemaFrom } from '#site/lib/api.ts';
import { partnerContract } from './contract.ts';

/** The partner dashboard's reads, shared by its panels. */
export const partnerProfileQuery = (token: string) =>
  queryOptions({
    queryKey: ['partner', 'profile'],
    queryFn: () =>
      api(`/api/partner/profile?t=${Date.now()}`, {
        token,
        schema: schemaFrom(partnerContract, 'partnerProfileResponse'),
      }),
    retry: false,
    staleTime: 0,
  });
