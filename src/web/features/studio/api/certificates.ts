// GET /api/studio/certificates (admins: all; authors: their courses') and POST /api/studio/certificates/{code}/revoke
// {reason} (admins) → the certificate, now revoked.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StudioCertificate, StudioCertificates } from '../../../../shared/certificates';
import { api } from '../../../lib/api';

export const studioCertificatesQueryOptions = () =>
  queryOptions({
    queryKey: ['studio', 'certificates'],
    queryFn: ({ signal }) => api<StudioCertificates>('/api/studio/certificates', { auth: true, signal }),
  });

export function useStudioCertificates() {
  return useQuery(studioCertificatesQueryOptions());
}

export function revokeCertificate(code: string, reason: string): Promise<StudioCertificate> {
  return api<StudioCertificate>(`/api/studio/certificates/${encodeURIComponent(code)}/revoke`, {
    method: 'POST',
    body: { reason },
    auth: true,
  });
}

export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, reason }: { code: string; reason: string }) => revokeCertificate(code, reason),
    onSuccess: (revoked) =>
      queryClient.setQueryData<StudioCertificates>(studioCertificatesQueryOptions().queryKey, (list) =>
        list ? { certificates: list.certificates.map((c) => (c.code === revoked.code ? revoked : c)) } : list,
      ),
  });
}
