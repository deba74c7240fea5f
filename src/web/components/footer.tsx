import { useSite } from '../lib/use-site';

/** The site's footer line (its settings). */
export function Footer() {
  const { footer } = useSite();
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <p>{footer}</p>
      </div>
    </footer>
  );
}
