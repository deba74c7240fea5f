// The site's own settings, which its owner changes in the Studio (/studio/settings): its name, a short description,
// the footer line and the contact page. The defaults are the product's own texts, so a site nobody has set up looks
// as it always did. Free of zod: the web app's first load imports this (the schemas, their limits and the link rule
// are in ./site-schema.ts).
import { BRAND } from './first-load';

export interface SiteLink {
  label: string;
  url: string;
}

export interface SiteContact {
  /** Plain text; a blank line starts a new paragraph. */
  text: string;
  /** The about image's address ('' for none). */
  image: string;
  /** What the about image shows, for those who cannot see it ('' when it is decoration). */
  imageAlt: string;
  /** The personal website's address ('' for none). */
  website: string;
  /** Social and other links, each an http(s) or mailto address. */
  links: SiteLink[];
  /** The contact address ('' for none), shown as a mail link. */
  email: string;
}

export interface SiteSettings {
  siteName: string;
  description: string;
  footer: string;
  contact: SiteContact;
}

export const DEFAULT_SITE: SiteSettings = {
  siteName: BRAND,
  description: `${BRAND}: free video courses, tutorials and blog posts for programmers, and BugsWorld, a board to share bugs and solutions.`,
  footer: `©2023 ${BRAND}. Free courses, tutorials and blogs for programmers.`,
  contact: {
    text: [
      `${BRAND} is a free place to learn programming: short video courses, tutorials and blog posts, and BugsWorld, where learners help each other with the bugs they meet.`,
      'Questions, ideas for a course, or found something broken? Get in touch.',
    ].join('\n\n'),
    image: '/media/about.svg',
    imageAlt: 'Illustration of a developer at a laptop with a code window and a chat bubble',
    website: 'https://devcourses.dev',
    links: [
      { label: `${BRAND} on GitHub`, url: 'https://github.com/devcourses' },
      { label: `${BRAND} on LinkedIn`, url: 'https://www.linkedin.com/company/devcourses' },
      { label: `${BRAND} on X (Twitter)`, url: 'https://x.com/devcourses' },
    ],
    email: 'hello@devcourses.dev',
  },
};

/** The element of the app shell (a page not rendered on the server) that carries the settings as JSON. */
export const SITE_STATE_ID = 'site-state';
