// 'Course complete! See your certificate': shown on the page where a learner completes a course, the moment the
// course progress answer first carries a certificate the page did not see when it opened.
import { useState } from 'react';
import type { CertificateLink } from '../../../shared/certificates';
import { Link } from '../../lib/router';
import './certificates.css';

export function CourseCompleteNotice({ certificate }: { certificate: CertificateLink | undefined }) {
  // What the page knew first: undefined while the progress loads, then the certificate (or null) it opened with.
  const [first, setFirst] = useState<CertificateLink | undefined>(undefined);
  if (first === undefined && certificate !== undefined) setFirst(certificate);
  const earnedHere = certificate && first === null;
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
