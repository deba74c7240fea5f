// '/contact': who makes the site, from the site's settings (its owner writes them in the Studio): the text, the about
// image, the personal website link and the social and mail links, each shown only when set.
import type { ComponentType, SVGProps } from 'react';
import { useSite } from '../../lib/use-site';
import { ChatIcon, CodeIcon, GlobeIcon, MailIcon, ProfileIcon } from './contact-icons';
import './contact.css';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** The icon of a link, by where it goes. */
function iconOf(url: string): Icon {
  if (/^mailto:/i.test(url)) return MailIcon;
  const host = URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, '') : '';
  if (host === 'github.com' || host === 'gitlab.com') return CodeIcon;
  if (host === 'linkedin.com') return ProfileIcon;
  if (host === 'x.com' || host === 'twitter.com' || host.includes('mastodon')) return ChatIcon;
  return GlobeIcon;
}

/** The text's paragraphs (a blank line between them). */
const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** 'https://www.example.dev/' → 'www.example.dev'. */
const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url);

export default function ContactPage() {
  const { siteName, contact } = useSite();
  const links = [
    ...contact.links,
    ...(contact.email ? [{ label: `Email ${siteName}`, url: `mailto:${contact.email}` }] : []),
  ];
  return (
    <section className={contact.image ? 'container contact' : 'container contact contact--text-only'}>
      {contact.image && (
        // Decorative: the text beside it says what the page is about.
        <img className="contact__image" src={contact.image} alt={contact.imageAlt} width="480" height="360" />
      )}
      <div className="contact__text">
        <h1 className="page-title">Contact</h1>
        {paragraphs(contact.text).map((text, i) => (
          <p key={i}>{text}</p>
        ))}
        {contact.website && (
          <p>
            <a className="contact__website" href={contact.website} rel="noopener">
              <GlobeIcon width="20" height="20" /> Personal website: {hostOf(contact.website)}
            </a>
          </p>
        )}
        {links.length > 0 && (
          <ul className="contact__social" aria-label="Social and mail links">
            {links.map(({ url, label }) => {
              const Icon = iconOf(url);
              return (
                <li key={url}>
                  <a className="icon-link" href={url} aria-label={label} title={label} rel="noopener">
                    <Icon />
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
