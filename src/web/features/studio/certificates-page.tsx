// '/studio/certificates' (admins): the certificates issued, newest first, each with a way to revoke it with a reason
// (the certificate then answers 410 everywhere, stating when and why).
import { type FormEvent, useId, useState } from 'react';
import type { StudioCertificate } from '../../../shared/certificates';
import { CERTIFICATES, formatIssueDate } from '../../../shared/certificate-rules';
import type { Me } from '../../../shared/studio';
import { Loading } from '../../components/loading';
import { LoadError } from '../../components/query-view';
import { Link } from '../../lib/router';
import { useRevokeCertificate, useStudioCertificates } from './api/certificates';
import { deniedReason, NotAllowed } from './components/not-allowed';
import { StudioFrame, StudioGate } from './components/studio-gate';

export default function CertificatesPage() {
  return <StudioGate admin>{(me) => <CertificatesScreen me={me} />}</StudioGate>;
}

type Message = { text: string; kind: 'success' | 'danger' };

function CertificatesScreen({ me }: { me: Me }) {
  const list = useStudioCertificates();
  const [message, setMessage] = useState<Message | null>(null);
  const reason = list.isError ? deniedReason(list.error) : null;
  if (reason) return <NotAllowed reason={reason} />;
  return (
    <StudioFrame me={me}>
      <h1 className="page-title">Certificates</h1>
      <p
        className={message ? `studio-message studio-message--${message.kind}` : 'studio-message'}
        role="status"
        aria-live="polite"
      >
        {message?.text}
      </p>
      {list.isPending && <Loading label="Loading certificates…" />}
      {list.isError && <LoadError what="Certificates" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data &&
        (list.data.certificates.length === 0 ? (
          <p className="empty-state">No certificate has been issued yet.</p>
        ) : (
          <div className="studio-table-wrap">
            <table className="studio-table">
              <caption className="visually-hidden">Certificates issued, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Learner</th>
                  <th scope="col">Course</th>
                  <th scope="col">Issued</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {list.data.certificates.map((certificate) => (
                  <CertificateRow key={certificate.code} certificate={certificate} onMessage={setMessage} />
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </StudioFrame>
  );
}

function CertificateRow({
  certificate: c,
  onMessage,
}: {
  certificate: StudioCertificate;
  onMessage: (message: Message) => void;
}) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const revoke = useRevokeCertificate();

  function submit(event: FormEvent) {
    event.preventDefault();
    revoke.mutate(
      { code: c.code, reason },
      {
        onSuccess: () =>
          onMessage({ text: `The certificate of ${c.name} for ${c.courseTitle} was revoked.`, kind: 'success' }),
        onError: (err) => onMessage({ text: `The certificate was not revoked: ${err.message}`, kind: 'danger' }),
      },
    );
  }

  return (
    <tr>
      <th scope="row">
        <Link to={c.url}>{c.name}</Link>
      </th>
      <td>{c.courseTitle}</td>
      <td>{formatIssueDate(c.issuedAt)}</td>
      <td>
        {c.revokedAt ? (
          <span>
            Revoked on {formatIssueDate(c.revokedAt)}: {c.reason}
          </span>
        ) : (
          <form className="studio-revoke" onSubmit={submit}>
            <label htmlFor={reasonId}>Reason to revoke the certificate of {c.name}</label>
            <input
              id={reasonId}
              className="input"
              required
              maxLength={CERTIFICATES.reasonMax}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <button type="submit" className="button button--outline" disabled={revoke.isPending}>
              Revoke
            </button>
          </form>
        )}
      </td>
    </tr>
  );
}
