// The site settings' contract (GET /api/site, GET and PUT /api/studio/settings): the server validates and serializes
// with these schemas. A refusal names the field.
import { z } from 'zod';
import { LIMITS } from './constants';
import { isMediaUrl } from './studio-rules';

export const SITE_LIMITS = {
  siteNameMax: 60,
  descriptionMax: 300,
  footerMax: 300,
  contactTextMax: 5_000,
  imageAltMax: 300,
  linksMax: 12,
  linkLabelMax: 80,
} as const;

/** A link the contact page may show: an absolute http(s) address or a mailto one, spelled plainly. */
export const isSiteLinkUrl = (value: string): boolean =>
  /^(https?:\/\/[^/?#\s]|mailto:[^\s])/i.test(value) && !/[\s\\<>"'\p{Cc}]/u.test(value) && URL.canParse(value);

const text = (field: string, max: number) =>
  z.string(`${field} must be text`).trim().max(max, `${field} must be at most ${max} characters`);

const siteLink = z.object({
  label: text('link label', SITE_LIMITS.linkLabelMax).min(1, 'link label is required'),
  url: z
    .string('link url must be text')
    .trim()
    .max(LIMITS.urlMax, `link url must be at most ${LIMITS.urlMax} characters`)
    .refine(isSiteLinkUrl, 'link url must be an http(s) or mailto address'),
});

export const siteSettingsBody = z.object({
  siteName: text('siteName', SITE_LIMITS.siteNameMax).min(1, 'siteName is required'),
  description: text('description', SITE_LIMITS.descriptionMax).default(''),
  footer: text('footer', SITE_LIMITS.footerMax).default(''),
  contact: z
    .object({
      text: text('contact text', SITE_LIMITS.contactTextMax).default(''),
      image: text('contact image', LIMITS.urlMax)
        .refine((v) => v === '' || isMediaUrl(v), 'contact image must be an http(s) URL or an uploaded /media/ file')
        .default(''),
      imageAlt: text('contact image description', SITE_LIMITS.imageAltMax).default(''),
      website: text('contact website', LIMITS.urlMax)
        .refine(
          (v) => v === '' || (/^https?:/i.test(v) && isSiteLinkUrl(v)),
          'contact website must be an http(s) address',
        )
        .default(''),
      links: z
        .array(siteLink)
        .max(SITE_LIMITS.linksMax, `contact links must be at most ${SITE_LIMITS.linksMax}`)
        .default([]),
      email: text('contact email', LIMITS.emailMax)
        .refine((v) => v === '' || z.email().safeParse(v).success, 'contact email must be an email address')
        .default(''),
    })
    .default({ text: '', image: '', imageAlt: '', website: '', links: [], email: '' }),
});
export type SiteSettingsBody = z.input<typeof siteSettingsBody>;

export const siteSettings = z.object({
  siteName: z.string(),
  description: z.string(),
  footer: z.string(),
  contact: z.object({
    text: z.string(),
    image: z.string(),
    imageAlt: z.string(),
    website: z.string(),
    links: z.array(z.object({ label: z.string(), url: z.string() })),
    email: z.string(),
  }),
});
