// GET /api/certificates (signed in): the learner's certificates, newest first (listed on /learning).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyCertificates } from '../../../../shared/certificates';
import { api } from '../../../lib/api';

export function getMyCertificates(signal?: AbortSignal): Promise<MyCertificates> {
  return api<MyCertificates>('/api/certificates', { auth: true, signal });
}

export const myCertificatesQueryOptions = () =>
  queryOptions({ queryKey: ['progress', 'certificates'], queryFn: ({ signal }) => getMyCertificates(signal) });

export function useMyCertificates(enabled: boolean) {
  return useQuery({ ...myCertificatesQueryOptions(), enabled });
}
