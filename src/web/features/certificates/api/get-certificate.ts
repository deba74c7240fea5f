// GET /api/certificates/{code} (public): what a certificate states; a revoked one answers 410 with its statement.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateView } from '../../../../shared/certificates';
import { certificatePaths } from '../../../../shared/certificate-rules';
import { api, isApiError } from '../../../lib/api';

export function getCertificate(code: string, signal?: AbortSignal): Promise<CertificateView> {
  return api<CertificateView>(certificatePaths.api(encodeURIComponent(code)), { signal });
}

export const certificateQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['certificate', code],
    queryFn: ({ signal }) => getCertificate(code, signal),
    // Unknown and revoked are answers, not failures to try again.
    retry: (count, error) => !isApiError(error, 404) && !isApiError(error, 410) && count < 2,
  });

export function useCertificate(code: string) {
  return useQuery(certificateQueryOptions(code));
}
