// The Studio's rules that the web app needs at run time (roles, statuses, who may author, what a media address
// is), kept free of zod: importing anything but types from studio.ts would pull zod (~28 KB gzip) into the bundle.
export const ROLES = ['learner', 'author', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const STATUSES = ['draft', 'published'] as const;
export type Status = (typeof STATUSES)[number];

/** Authors and admins may use the Studio; only admins manage users, moderate and read the audit trail. */
export const canAuthor = (r: Role | null | undefined) => r === 'author' || r === 'admin';

// A same-origin media path: `/media/` and plain segments (letters, digits, `-_~.`, never starting with a dot), judged
// after percent-decoding, as the server that serves it reads it: `/media/../api/auth/me` and `/media/%2e%2e/...` would
// leave /media/. The raw text may only hold those characters and percent escapes.
const SITE_MEDIA_PATH = /^\/media(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;

/** A path to a file this site serves under /media/ (an upload or a demo file), without dot segments once decoded. */
export const isSiteMediaPath = (value: string) => {
  if (/[^A-Za-z0-9._~%/-]/.test(value)) return false;
  let path: string;
  try {
    path = decodeURIComponent(value);
  } catch {
    return false;
  }
  return SITE_MEDIA_PATH.test(path);
};

// WHATWG URL parsing takes `%2e` for `.` when it removes dot segments.
const isDotSegment = (segment: string) => /^(?:\.|%2e){1,2}$/i.test(segment);

/**
 * A media address: a path under this site's /media/ (see isSiteMediaPath) or an absolute http(s) URL spelled out
 * plainly, `http(s)://host/...`: no backslashes, whitespace or control characters, which a URL parser quietly turns
 * into something else (`https:\\evil.example` is read as `https://evil.example/`), and no dot segments.
 */
export const isMediaUrl = (value: string) => {
  if (value.startsWith('/')) return isSiteMediaPath(value);
  if (!/^https?:\/\/[^/?#]/i.test(value) || /[\\\s\p{Cc}<>"']/u.test(value) || !URL.canParse(value)) return false;
  const path = value.replace(/^https?:\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0];
  return !path.split('/').some(isDotSegment);
};
