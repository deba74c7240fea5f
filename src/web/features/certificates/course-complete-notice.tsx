// 'Course complete! See your certificate': shown on the page where a learner completes a course, the moment the
// course progress answer carries a certificate the page did not see when it opened, or once a write from this page
// completed the lesson (the learner may mark it before the page's first progress answer arrives, and that answer
// then already holds the certificate).
import { useState } from 'react';
import type { CertificateLink } from '../../../shared/certificates';
import { Link } from '../../lib/router';
import './certificates.css';

export function CourseCompleteNotice({
  certificate,
  completedHere,
}: {
  certificate: CertificateLink | undefined;
  /** A write from this page (a mark, or watching past the 90% rule) completed the lesson. */
  completedHere: boolean;
}) {
  // What the page knew first: undefined while the progress loads, then the certificate (or null) it opened with.
  const [first, setFirst] = useState<CertificateLink | undefined>(undefined);
  if (first === undefined && certificate !== undefined) setFirst(certificate);
  const earnedHere = certificate && (first === null || completedHere);
  return (
    <div role="status" aria-live="polite" className="course-complete-slot">
      {earnedHere && (
        <p className="course-complete">
          <strong>Course complete!</strong> <Link to={certificate.url}>See your certificate</Link>
        </p>
      )}
    </div>
  );
}
