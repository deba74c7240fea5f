// A certificate on the server: read in process; its head has its own description, canonical, the generated share
// image (1200×630, the name and the course) and EducationalOccupationalCredential JSON-LD. A revoked one has no
// canonical (kept out of search results) and says it was revoked.
import type { CertificateView } from '../../../shared/certificates';
import { certificatePaths, formatIssueDate } from '../../../shared/certificate-rules';
import { patterns, paths } from '../../app/paths';
import { isApiError } from '../../lib/api';
import { declarePage } from '../../ssr/page-declaration';
import { certificateQueryOptions } from './api/get-certificate';

export const page = declarePage({
  pattern: patterns.certificate,
  reads: ['/api/certificates/'],
  head: ({ client, params, url }) => {
    const code = params.code ?? '';
    const { queryKey } = certificateQueryOptions(code);
    const error = client.getQueryState(queryKey)?.error;
    if (isApiError(error, 410)) return { shareTitle: 'Certificate revoked', description: error.message };
    const c = client.getQueryData<CertificateView>(queryKey);
    if (!c) return null;
    const canonical = url(certificatePaths.page(c.code));
    const issued = formatIssueDate(c.issuedAt);
    const courseUrl = c.courseId ? url(paths.course(c.courseId)) : undefined;
    return {
      shareTitle: `${c.name}: ${c.courseTitle}`,
      description: `${c.name} completed the course ${c.courseTitle} on ${issued}: a certificate issued and verified by ${c.issuer.name}.`,
      canonical,
      image: url(certificatePaths.image(c.code)),
      imageAlt: `Certificate of completion: ${c.name}, ${c.courseTitle}`,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'EducationalOccupationalCredential',
          name: `Certificate of completion: ${c.courseTitle}`,
          credentialCategory: 'certificate',
          identifier: c.code,
          url: canonical,
          dateCreated: c.issuedAt,
          recognizedBy: { '@type': 'Organization', name: c.issuer.name, url: c.issuer.url },
          about: { '@type': 'Course', name: c.courseTitle, ...(courseUrl ? { url: courseUrl } : {}) },
          description: `Awarded to ${c.name} for completing ${c.courseTitle}.`,
        },
      ],
    };
  },
});
