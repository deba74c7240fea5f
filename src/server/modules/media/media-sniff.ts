// What an upload is, judged by its first bytes: never by its name or the content-type the client claims
// file-type knows the binary formats; WebVTT, which it does not know, has its own header rule.
// Anything else (SVG, HTML, archives, MKV, QuickTime, ...) is refused by the caller.
import { fileTypeFromBuffer } from 'file-type';

const MB = 1024 * 1024;

/** The accepted kinds, by the extension their files are stored under. */
export const MEDIA_KINDS = {
  png: { contentType: 'image/png', maxBytes: 5 * MB },
  jpg: { contentType: 'image/jpeg', maxBytes: 5 * MB },
  webp: { contentType: 'image/webp', maxBytes: 5 * MB },
  gif: { contentType: 'image/gif', maxBytes: 5 * MB },
  mp4: { contentType: 'video/mp4', maxBytes: 500 * MB },
  webm: { contentType: 'video/webm', maxBytes: 500 * MB },
  vtt: { contentType: 'text/vtt; charset=utf-8', maxBytes: 1 * MB },
} as const satisfies Record<string, { contentType: string; maxBytes: number }>;

export type MediaExtension = keyof typeof MEDIA_KINDS;

/** The largest accepted file: the multipart parser's own hard limit. */
export const MEDIA_MAX_BYTES = Math.max(...Object.values(MEDIA_KINDS).map((kind) => kind.maxBytes));

/** How many leading bytes are enough to tell the kinds apart (file-type's own sample size). */
export const SNIFF_BYTES = 4100;

export const isMediaExtension = (value: string): value is MediaExtension => Object.hasOwn(MEDIA_KINDS, value);

// file-type's answers that are one of our kinds under another name: an animated PNG is a PNG, an M4V an MP4.
const ALIASES: Record<string, MediaExtension> = { apng: 'png', m4v: 'mp4' };

// Optional UTF-8 byte order mark, then `WEBVTT`, then a space, tab, line break or the end of the file (the WebVTT
// file signature). Checked on bytes, so nothing that merely decodes to it passes.
const BOM = [0xef, 0xbb, 0xbf];
const WEBVTT = [...'WEBVTT'].map((c) => c.charCodeAt(0));
const AFTER_WEBVTT = new Set([0x20, 0x09, 0x0a, 0x0d]);

export function isWebVtt(head: Uint8Array): boolean {
  const start = BOM.every((byte, i) => head[i] === byte) ? BOM.length : 0;
  if (!WEBVTT.every((byte, i) => head[start + i] === byte)) return false;
  const next = start + WEBVTT.length;
  return next === head.length || AFTER_WEBVTT.has(head[next]);
}

/**
 * The kind of a file from its first bytes (at least SNIFF_BYTES of them, or the whole file when it is shorter),
 * or undefined when it is none of the accepted kinds.
 */
export async function sniffMedia(head: Uint8Array): Promise<MediaExtension | undefined> {
  if (head.length === 0) return undefined;
  if (isWebVtt(head)) return 'vtt';
  const found = await fileTypeFromBuffer(head);
  if (!found) return undefined;
  const ext = ALIASES[found.ext] ?? found.ext;
  return isMediaExtension(ext) && ext !== 'vtt' ? ext : undefined;
}
