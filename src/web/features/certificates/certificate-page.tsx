// '/certificates/:code' (public): a certificate anyone can check: who completed which course, when, the measured
// evidence, who issued it, and its actions (the PDF, LinkedIn, the link, the signed credential). An unknown code shows
// the 404 view; a revoked one states when and why, answered with 410.
import { useState } from 'react';
import type { CertificateView } from '../../../shared/certificates';
import { certificatePaths, evidenceLine, formatIssueDate } from '../../../shared/certificate-rules';
import { paths } from '../../app/paths';
import { QueryView } from '../../components/query-view';
import { isApiError } from '../../lib/api';
import { useMarkGone } from '../../lib/page-status';
import { Link, useParams } from '../../lib/router';
import { useCertificate } from './api/get-certificate';
import './certificates.css';

export default function CertificatePage() {
  const { code = '' } = useParams();
  const certificate = useCertificate(code);
  if (certificate.isError && isApiError(certificate.error, 410))
    return <Revoked statement={certificate.error.message} />;
  return (
    <QueryView query={certificate} loadingLabel="Loading the certificate…" what="The certificate">
      {(data) => <Certificate certificate={data} />}
    </QueryView>
  );
}

function Revoked({ statement }: { statement: string }) {
  useMarkGone();
  return (
    <section className="container section certificate certificate--revoked" aria-labelledby="certificate-title">
      <h1 id="certificate-title" className="page-title">
        Certificate revoked
      </h1>
      <p className="certificate__revoked">{statement}</p>
      <p>It no longer certifies anything.</p>
    </section>
  );
}

function Certificate({ certificate: c }: { certificate: CertificateView }) {
  const [copied, setCopied] = useState<string | null>(null);
  const issued = formatIssueDate(c.issuedAt);
  const copy = () => {
    navigator.clipboard.writeText(c.url).then(
      () => setCopied('Link copied.'),
      () => setCopied(`Copy this link: ${c.url}`),
    );
  };
  return (
    <article className="container section certificate" aria-labelledby="certificate-title">
      <p className="certificate__kicker">Certificate of completion</p>
      <h1 id="certificate-title" className="page-title certificate__name">
        {c.name}
      </h1>
      <p className="certificate__course">
        completed the course{' '}
        {c.courseId ? <Link to={paths.course(c.courseId)}>{c.courseTitle}</Link> : <strong>{c.courseTitle}</strong>} on{' '}
        {issued}.
      </p>
      <dl className="certificate__facts">
        <div>
          <dt>Lessons completed</dt>
          <dd>{c.lessons}</dd>
        </div>
        <div>
          <dt>Hours of video watched</dt>
          <dd>{c.hoursWatched.toFixed(1)}</dd>
        </div>
        <div>
          <dt>Exercises passed</dt>
          <dd>{c.exercisesPassed}</dd>
        </div>
        <div>
          <dt>Quizzes passed</dt>
          <dd>{c.quizzesPassed}</dd>
        </div>
      </dl>
      <p className="certificate__verified">
        <strong>Verified:</strong> issued by {c.issuer.name} (<a href={c.issuer.url}>{c.issuer.url}</a>) on {issued}.
      </p>
      <p className="visually-hidden">{evidenceLine(c)}</p>
      <div className="certificate__actions">
        <a className="button" href={certificatePaths.pdf(c.code)} download={`certificate-${c.code}.pdf`}>
          Download PDF
        </a>
        <a className="button button--ghost" href={c.linkedInUrl} target="_blank" rel="noopener noreferrer">
          Add to LinkedIn
        </a>
        <button type="button" className="button button--ghost" onClick={copy}>
          Copy link
        </button>
        <a
          className="button button--ghost"
          href={certificatePaths.credential(c.code)}
          download={`certificate-${c.code}.jwt`}
        >
          Credential file (Open Badges 3.0)
        </a>
      </div>
      <p role="status" aria-live="polite" className="certificate__copied">
        {copied}
      </p>
      <p className="certificate__code">Certificate {c.code}</p>
    </article>
  );
}
