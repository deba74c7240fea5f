// What a server-rendered page says about itself in its <head>: the specified title (the site's name and the first path
// segment), a description of its own, the canonical address from PUBLIC_URL, Open Graph and Twitter card tags, and
// schema.org JSON-LD. Each page declares its own part in its companion `<page>.head.ts` (see ./page-declaration.ts);
// this module builds the whole head from it, with the defaults every page shares, and writes the tags.
import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_SITE, type SiteSettings } from '../../shared/site';
import { documentTitle } from '../lib/document-title';
import { excerpt } from '../lib/excerpt';
import { siteQueryKey } from '../lib/use-site';
/** The share card of pages without an image of their own (public/og-card.png, 1200 × 630). */
export const DEFAULT_CARD = '/og-card.png';
const DESCRIPTION_LENGTH = 160;

export interface PageHead {
  title: string;
  /** The site's name (og:site_name). */
  siteName: string;
  description: string;
  /** Absolute; absent on the 404 view (which is also kept out of search results). */
  canonical?: string;
  /** The shared item's own title for previews (the document title is the specified brand + first path segment). */
  shareTitle: string;
  image: string;
  imageAlt: string;
  type: 'website' | 'article' | 'video.other';
  jsonLd: object[];
}

/** What a page's head declaration answers: its own titles, description and canonical, and, where it has them, its
 *  image, type and JSON-LD (otherwise the default card, 'website' and none). */
export type OwnHead = Pick<PageHead, 'shareTitle' | 'description' | 'canonical'> &
  Partial<Pick<PageHead, 'image' | 'imageAlt' | 'type' | 'jsonLd'>>;

/** What a page's head is built from: the data it rendered with, its route and the site's address. */
export interface HeadContext {
  /** The rendered page's query cache: the head describes what the page shows. */
  client: QueryClient;
  params: Record<string, string | undefined>;
  pathname: string;
  publicUrl: string;
  /** An address of this site as an absolute URL (`/course` → `https://site/course`). */
  url: (path: string) => string;
  /** The default share card, absolute, and its description. */
  card: { image: string; imageAlt: string };
  /** The site's settings the page rendered with: its name and description. */
  site: SiteSettings;
}

/** A page's head: null when the page has nothing of its own to describe (its data did not arrive). */
export type HeadOf = (context: HeadContext) => OwnHead | null | Promise<OwnHead | null>;

/** `/media/x.png` → `https://site/media/x.png`; absolute URLs stay. */
export function absolute(publicUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Seconds as an ISO 8601 duration: 754 → PT12M34S. */
export function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || total === 0 ? `${s}S` : ''}`;
}

/** An item's description: the start of its text, or `fallback` when it has none. */
export const describe = (html: string, fallback: string) => excerpt(html, DESCRIPTION_LENGTH) || fallback;

/** schema.org BreadcrumbList of a detail page, from the home page down. */
export function breadcrumbs(publicUrl: string, trail: [name: string, path: string][]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name,
      item: absolute(publicUrl, path),
    })),
  };
}

/** The site as a schema.org Organization (a course's provider, a post's author and publisher). */
export const provider = (publicUrl: string, siteName: string) => ({
  '@type': 'Organization',
  name: siteName,
  url: `${publicUrl}/`,
});

/** The whole head of a rendered page: the page's own part (`head`, from its declaration) over the shared defaults. A
 *  page with nothing of its own to say gets the site's description and its own address as canonical. */
export async function pageHead(head: HeadOf, context: Omit<HeadContext, 'url' | 'card' | 'site'>): Promise<PageHead> {
  const url = (path: string) => absolute(context.publicUrl, path);
  // The settings the page's frame rendered with (every page reads them).
  const site = context.client.getQueryData<SiteSettings>(siteQueryKey) ?? DEFAULT_SITE;
  const { siteName } = site;
  const card = { image: url(DEFAULT_CARD), imageAlt: `${siteName}: learn to code` };
  const base = {
    title: documentTitle(context.pathname, siteName),
    siteName,
    ...card,
    type: 'website' as const,
    jsonLd: [] as object[],
  };
  const own = await head({ ...context, url, card, site });
  return {
    ...base,
    ...(own ?? { shareTitle: siteName, description: site.description, canonical: url(context.pathname) }),
  };
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside <script type="application/ld+json">: nothing that could close the element. */
const ldJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The tags, as HTML for the template's <head>. */
export function headTags(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeAttr(value)}" />`;
  return [
    `<title>${escapeAttr(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.canonical
      ? `<link rel="canonical" href="${escapeAttr(head.canonical)}" />`
      : meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.shareTitle),
    meta('property', 'og:description', head.description),
    ...(head.canonical ? [meta('property', 'og:url', head.canonical)] : []),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:alt', head.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.shareTitle),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${ldJson(data)}</script>`),
  ].join('\n    ');
}
