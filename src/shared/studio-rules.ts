// The Studio's rules that the web app needs at run time (roles, statuses, who may author, what a media address
// is), kept free of zod: importing anything but types from studio.ts would pull zod (~28 KB gzip) into the bundle.
export const ROLES = ['learner', 'author', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const STATUSES = ['draft', 'published'] as const;
export type Status = (typeof STATUSES)[number];

/** Authors and admins may use the Studio; only admins manage users, moderate and read the audit trail. */
export const canAuthor = (r: Role | null | undefined) => r === 'author' || r === 'admin';

/** A media address: a same-origin path (`/media/...`) or an absolute http(s) URL. */
export const isMediaUrl = (value: string) => {
  if (/^\/(?![/\\])/.test(value)) return !/[\s<>"']/.test(value);
  if (!URL.canParse(value)) return false;
  const protocol = new URL(value).protocol;
  return protocol === 'http:' || protocol === 'https:';
};
