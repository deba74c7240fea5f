// Certificates: proof of a finished course, checked three ways (the public page, the PDF with its QR code, the signed
// Open Badges 3.0 credential). The calls' answers (zod), written once for the server and the web app, beside the
// rules without zod (./certificate-rules.ts), which it re-exports.
import { z } from 'zod';
import { CERTIFICATES } from './certificate-rules';

export * from './certificate-rules';

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
