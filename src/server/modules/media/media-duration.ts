// A lesson video's duration in seconds, read once from the media when the lesson is created or seeded:
// the container's header says it (WebM/Matroska Segment Info, MP4 mvhd), read by music-metadata. Uploaded files
// come from the media storage, the demo catalogue's from `public/`; a third-party link (YouTube, Vimeo, any other
// host) is not fetched: such a lesson learns its duration from the first player report.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { parseStream } from 'music-metadata';
import { type MediaStorage, contentTypeOf } from './media-storage';
import { isMediaKey, MEDIA_URL_PREFIX } from './media.service';

/** Seconds, or null when the stream is not a video whose header says how long it is. */
export async function readDuration(stream: Readable, contentType: string): Promise<number | null> {
  try {
    const { format } = await parseStream(stream, { mimeType: contentType }, { duration: false, skipCovers: true });
    const seconds = format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) / 1000 : null;
  } catch {
    return null;
  } finally {
    stream.destroy();
  }
}

export interface DurationSources {
  storage?: MediaStorage;
  publicDir?: string;
}

/** The duration of the media a lesson links to, when it is ours to read; null otherwise or when unreadable. */
export async function durationOfLink(link: string, sources: DurationSources): Promise<number | null> {
  if (link.startsWith(MEDIA_URL_PREFIX)) {
    const key = link.slice(MEDIA_URL_PREFIX.length);
    if (!sources.storage || !isMediaKey(key)) return null;
    const object = await sources.storage.get(key).catch(() => undefined);
    return object ? readDuration(object.stream, object.contentType) : null;
  }
  if (link.startsWith('/media/') && sources.publicDir) {
    const root = path.resolve(sources.publicDir);
    let file: string;
    try {
      file = path.resolve(root, `.${decodeURIComponent(link.split(/[?#]/)[0])}`);
    } catch {
      return null;
    }
    if (!file.startsWith(root + path.sep) || !/\.(webm|mp4)$/i.test(file)) return null;
    if (!fs.existsSync(file)) return null;
    return readDuration(fs.createReadStream(file), contentTypeOf(file));
  }
  return null;
}
