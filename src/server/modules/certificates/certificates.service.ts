// Certificates as they are read and revoked: one by its code (public; a revoked one refuses with 410 saying when and
// why, an unknown or malformed code 404), a learner's own, the Studio's list (admins all, authors their courses') and
// an admin's revoke. What a certificate states is what was frozen at issue.
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import {
  type CertificateLink,
  certificatePaths,
  isCertificateCode,
  type Issuer,
  type MyCertificates,
  revokedText,
  type StudioCertificate,
  type StudioCertificates,
  CERTIFICATES,
  type CertificateView,
  linkedInAddUrl,
} from '../../../shared/certificates';
import { BRAND } from '../../../shared/constants';
import type { Role } from '../../../shared/studio-rules';
import type { Db } from '../../db/client';
import { certificates, courses } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound, Refusal } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { announceContentChange } from '../../plugins/content-cache';
import type { CertificateFacts } from './certificate-files';
import type { CredentialFacts } from './certificate-signing';

export type CertificateRow = typeof certificates.$inferSelect;

/**
 * Who issues the certificates: the site's name and address. The one place that says so (the page, the PDF, the
 * image, the credential and LinkedIn's organization all read it).
 */
export function certificateIssuer(publicUrl: string): Issuer {
  return { name: BRAND, url: publicUrl };
}

export const certificateNotFound = () => notFound('Certificate not found');

/** The refusal of a revoked certificate: 410 with the statement, when and why. */
export const certificateRevoked = (row: Pick<CertificateRow, 'revokedAt' | 'revokedReason'>) => {
  const revokedAt = (row.revokedAt ?? new Date()).toISOString();
  const reason = row.revokedReason ?? '';
  return new Refusal('gone', revokedText(revokedAt, reason), {}, { revokedAt, reason });
};

/** The certificate of a code, revoked or not; null for an unknown or malformed code. */
export async function findCertificate(db: Db, code: string): Promise<CertificateRow | null> {
  if (!isCertificateCode(code)) return null;
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code));
  return row ?? null;
}

/** The certificate of a code that stands: refuses 404 for none and 410 for a revoked one. */
export async function standingCertificate(db: Db, code: string): Promise<CertificateRow> {
  const row = await findCertificate(db, code);
  if (!row) throw certificateNotFound();
  if (row.revokedAt) throw certificateRevoked(row);
  return row;
}

const absolute = (publicUrl: string, path: string) => `${publicUrl}${path}`;

/** GET /api/certificates/{code}: what it states, its files and its issuer. */
export function certificateView(row: CertificateRow, publicUrl: string): CertificateView {
  const issuer = certificateIssuer(publicUrl);
  const url = absolute(publicUrl, certificatePaths.page(row.code));
  const issuedAt = row.issuedAt.toISOString();
  return {
    code: row.code,
    name: row.learnerName,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    issuedAt,
    lessons: row.lessons,
    hoursWatched: row.hoursWatched,
    exercisesPassed: row.exercisesPassed,
    quizzesPassed: row.quizzesPassed,
    url,
    pdfUrl: absolute(publicUrl, certificatePaths.pdf(row.code)),
    imageUrl: absolute(publicUrl, certificatePaths.image(row.code)),
    credentialUrl: absolute(publicUrl, certificatePaths.credential(row.code)),
    linkedInUrl: linkedInAddUrl({
      courseTitle: row.courseTitle,
      issuerName: issuer.name,
      issuedAt,
      url,
      code: row.code,
    }),
    issuer,
  };
}

/** What the PDF and the image show. */
export const filesFacts = (row: CertificateRow, publicUrl: string): CertificateFacts => certificateView(row, publicUrl);

/** What the credential says. */
export function credentialFacts(row: CertificateRow, publicUrl: string): CredentialFacts {
  const view = certificateView(row, publicUrl);
  return { ...view, courseUrl: row.courseId ? absolute(publicUrl, `/course/${row.courseId}`) : null };
}

/** The course progress answer's `certificate`: the learner's standing certificate of the course, or null. */
export async function certificateLinkOf(db: Db, userId: string, courseId: string): Promise<CertificateLink> {
  if (!isId(courseId)) return null;
  const [row] = await db
    .select({ code: certificates.code })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId), isNull(certificates.revokedAt)));
  return row ? { code: row.code, url: certificatePaths.page(row.code) } : null;
}

/** GET /api/certificates: the learner's standing certificates, newest first. */
export async function myCertificates(db: Db, userId: string): Promise<MyCertificates> {
  const rows = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), isNull(certificates.revokedAt)))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(CERTIFICATES.studioListMax);
  return {
    certificates: rows.map((row) => ({
      code: row.code,
      courseId: row.courseId,
      courseTitle: row.courseTitle,
      issuedAt: row.issuedAt.toISOString(),
      url: certificatePaths.page(row.code),
    })),
  };
}

const toStudio = (row: CertificateRow): StudioCertificate => ({
  code: row.code,
  name: row.learnerName,
  courseId: row.courseId,
  courseTitle: row.courseTitle,
  issuedAt: row.issuedAt.toISOString(),
  url: certificatePaths.page(row.code),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  reason: row.revokedReason,
});

/** GET /api/studio/certificates?courseId=: admins see every certificate, authors those of their own courses. */
export async function studioCertificates(
  db: Db,
  editor: { id: string; role: Role },
  courseId: string | undefined,
): Promise<StudioCertificates> {
  if (courseId !== undefined && !isId(courseId)) return { certificates: [] };
  const filters: SQL[] = [];
  if (courseId) filters.push(eq(certificates.courseId, courseId));
  if (editor.role !== 'admin') filters.push(eq(courses.authorId, editor.id));
  const rows = await db
    .select({ certificate: certificates })
    .from(certificates)
    .leftJoin(courses, eq(courses.id, certificates.courseId))
    .where(and(...filters))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(CERTIFICATES.studioListMax);
  return { certificates: rows.map((row) => toStudio(row.certificate)) };
}

/** POST /api/studio/certificates/{code}/revoke (admins): marks it revoked with the reason, in the audit trail too;
 *  every process's rendered pages forget it when the change commits. Revoking twice is refused. */
export async function revokeCertificate(
  db: Db,
  actor: { id: string; name: string },
  code: string,
  reason: string,
): Promise<StudioCertificate> {
  return db.transaction(async (tx) => {
    const found = await findCertificate(tx, code);
    if (!found) throw certificateNotFound();
    if (found.revokedAt) throw conflict('This certificate was already revoked');
    const [row] = await tx
      .update(certificates)
      .set({ revokedAt: new Date(), revokedReason: reason, revokedBy: actor.id })
      .where(and(eq(certificates.id, found.id), isNull(certificates.revokedAt)))
      .returning();
    if (!row) throw conflict('This certificate was already revoked');
    await recordAudit(tx, {
      actor,
      action: 'revoke',
      entity: 'certificate',
      entityId: row.code,
      beforeTitle: `${row.learnerName}: ${row.courseTitle}`,
      afterTitle: null,
    });
    await announceContentChange(tx);
    return toStudio(row);
  });
}
