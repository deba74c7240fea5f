// The learner's certificates on '/learning': each course they completed, when, and a link to its certificate.
import { formatIssueDate } from '../../../shared/certificate-rules';
import { Link } from '../../lib/router';
import { useMyCertificates } from './api/get-my-certificates';
import './certificates.css';

export function MyCertificates() {
  const mine = useMyCertificates(true);
  const list = mine.data?.certificates ?? [];
  if (list.length === 0) return null;
  return (
    <section className="my-certificates" aria-labelledby="my-certificates-title">
      <h2 id="my-certificates-title" className="section__title">
        Certificates
      </h2>
      <ul className="my-certificates__list">
        {list.map((certificate) => (
          <li key={certificate.code} className="my-certificates__item">
            <Link to={certificate.url}>Certificate: {certificate.courseTitle}</Link>{' '}
            <span className="my-certificates__date">issued {formatIssueDate(certificate.issuedAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
