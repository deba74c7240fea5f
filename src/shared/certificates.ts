// Certificates: proof of a finished course, checked three ways (the public page, the PDF with its QR code, the signed
// Open Badges 3.0 credential). The calls' answers (zod), the addresses of a certificate's files, its code's shape and
// the LinkedIn 'Add to profile' link, written once for the server and the web app.
import { z } from 'zod';

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

export const issuer = z.object({ name: z.string(), url: z.string() });
export type Issuer = z.infer<typeof issuer>;

/** GET /api/certificates/{code} (public): what the certificate states, frozen at issue, and its files. */
export const certificateView = z.object({
  code: z.string(),
  name: z.string(),
  /** Null once the course was deleted: the certificate still holds. */
  courseId: z.string().nullable(),
  courseTitle: z.string(),
  issuedAt: z.string(),
  lessons: z.number(),
  hoursWatched: z.number(),
  exercisesPassed: z.number(),
  quizzesPassed: z.number(),
  url: z.string(),
  pdfUrl: z.string(),
  imageUrl: z.string(),
  credentialUrl: z.string(),
  linkedInUrl: z.string(),
  issuer,
});
export type CertificateView = z.infer<typeof certificateView>;

/** The 410 answer of a revoked certificate, on every one of its addresses that answers JSON. */
export const revokedAnswer = z.object({ error: z.string(), revokedAt: z.string(), reason: z.string() });
export type RevokedAnswer = z.infer<typeof revokedAnswer>;

/** GET /api/certificates (signed in): the learner's own certificates, newest first. */
export const myCertificates = z.object({
  certificates: z.array(
    z.object({
      code: z.string(),
      courseId: z.string().nullable(),
      courseTitle: z.string(),
      issuedAt: z.string(),
      url: z.string(),
    }),
  ),
});
export type MyCertificates = z.infer<typeof myCertificates>;

/** A certificate as the Studio lists it: whose, which course, and whether it was revoked. */
export const studioCertificate = z.object({
  code: z.string(),
  name: z.string(),
  courseId: z.string().nullable(),
  courseTitle: z.string(),
  issuedAt: z.string(),
  url: z.string(),
  revokedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type StudioCertificate = z.infer<typeof studioCertificate>;

/** GET /api/studio/certificates?courseId=: admins see all, authors those of their own courses; newest first. */
export const studioCertificatesQuery = z.object({ courseId: z.string().optional() });
export const studioCertificates = z.object({ certificates: z.array(studioCertificate) });
export type StudioCertificates = z.infer<typeof studioCertificates>;

/** POST /api/studio/certificates/{code}/revoke (admins). */
export const revokeBody = z.object({
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, 'reason must not be empty')
    .max(CERTIFICATES.reasonMax, `reason must be at most ${CERTIFICATES.reasonMax} characters`),
});
export type RevokeBody = z.infer<typeof revokeBody>;

/** What the course progress answer says of the learner's certificate in that course. */
export const certificateLink = z.object({ code: z.string(), url: z.string() }).nullable();
export type CertificateLink = z.infer<typeof certificateLink>;

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
