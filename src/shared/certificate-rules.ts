// A certificate's rules without zod: its limits, its code's shape, the addresses of its files, the LinkedIn 'Add to
// profile' link and its texts. The web app's pages import these from here, so that a page showing a certificate's link
// or date does not load zod (./certificates.ts holds the calls' schemas and re-exports these).

export const CERTIFICATES = {
  /** Random bytes in a code: 128 bits, far over the 96 an unguessable code needs. */
  codeBytes: 16,
  reasonMax: 500,
  /** The share image's size, as Open Graph and Twitter cards want it. */
  image: { width: 1200, height: 630 },
  /** Certificates listed per Studio page. */
  studioListMax: 200,
} as const;

/** A code: `codeBytes` random bytes in base64url, 22 characters. Anything else names no certificate. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const isCertificateCode = (value: string) => CODE_PATTERN.test(value);

/** The addresses of a certificate (relative; absolute ones add PUBLIC_URL in front). */
export const certificatePaths = {
  page: (code: string) => `/certificates/${code}`,
  pdf: (code: string) => `/certificates/${code}.pdf`,
  image: (code: string) => `/certificates/${code}/image.png`,
  credential: (code: string) => `/certificates/${code}/credential.jwt`,
  api: (code: string) => `/api/certificates/${code}`,
} as const;

export const JWKS_PATH = '/.well-known/jwks.json';

/** LinkedIn's 'Add to profile' link for a certification. */
export function linkedInAddUrl(certificate: {
  courseTitle: string;
  issuerName: string;
  issuedAt: string;
  url: string;
  code: string;
}): string {
  const issued = new Date(certificate.issuedAt);
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.courseTitle,
    organizationName: certificate.issuerName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: certificate.url,
    certId: certificate.code,
  });
  return `https://www.linkedin.com/profile/add?${query.toString()}`;
}

/** 27 November 2026: one form whatever the reader's locale, the same on the page, the PDF and the image. */
export function formatIssueDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The measured evidence in words: '5 lessons · 2.5 hours of video watched · 3 exercises passed · 1 quiz passed'. */
export function evidenceLine(facts: {
  lessons: number;
  hoursWatched: number;
  exercisesPassed: number;
  quizzesPassed: number;
}) {
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  const parts = [plural(facts.lessons, 'lesson'), `${facts.hoursWatched.toFixed(1)} hours of video watched`];
  if (facts.exercisesPassed > 0) parts.push(`${plural(facts.exercisesPassed, 'exercise')} passed`);
  if (facts.quizzesPassed > 0) parts.push(`${plural(facts.quizzesPassed, 'quiz', 'quizzes')} passed`);
  return parts.join(' · ');
}

/** The statement a revoked certificate answers with. */
export const revokedText = (revokedAt: string, reason: string) =>
  `This certificate was revoked on ${revokedAt.slice(0, 10)}: ${reason}`;
