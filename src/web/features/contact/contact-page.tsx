// '/contact': who makes the site, with a personal website link and social and mail links.
import type { ComponentType, SVGProps } from 'react';
import { BRAND } from '../../../shared/constants';
import { ChatIcon, CodeIcon, GlobeIcon, MailIcon, ProfileIcon } from './contact-icons';
import './contact.css';

interface ContactLink {
  href: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const WEBSITE = 'https://devcourses.dev';

const LINKS: ContactLink[] = [
  { href: 'https://github.com/devcourses', label: `${BRAND} on GitHub`, Icon: CodeIcon },
  { href: 'https://www.linkedin.com/company/devcourses', label: `${BRAND} on LinkedIn`, Icon: ProfileIcon },
  { href: 'https://x.com/devcourses', label: `${BRAND} on X (Twitter)`, Icon: ChatIcon },
  { href: 'mailto:hello@devcourses.dev', label: `Email ${BRAND}`, Icon: MailIcon },
];

export default function ContactPage() {
  return (
    <section className="container contact">
      <img
        className="contact__image"
        src="/media/about.svg"
        alt="Illustration of a developer at a laptop with a code window and a chat bubble"
        width="480"
        height="360"
      />
      <div className="contact__text">
        <h1 className="page-title">Contact</h1>
        <p>
          {BRAND} is a free place to learn programming: short video courses, tutorials and blog posts, and BugsWorld,
          where learners help each other with the bugs they meet.
        </p>
        <p>Questions, ideas for a course, or found something broken? Get in touch.</p>
        <p>
          <a className="contact__website" href={WEBSITE} rel="noopener">
            <GlobeIcon width="20" height="20" /> Personal website: devcourses.dev
          </a>
        </p>
        <ul className="contact__social" aria-label="Social and mail links">
          {LINKS.map(({ href, label, Icon }) => (
            <li key={href}>
              <a className="icon-link" href={href} aria-label={label} title={label} rel="noopener">
                <Icon />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
