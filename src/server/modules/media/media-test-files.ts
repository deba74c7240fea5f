// Small, real-looking files of every kind for the media tests and the upload bench: each starts with the bytes its
// format starts with, and the videos can be padded to any size.
const hex = (digits: string) => Buffer.from(digits.replace(/\s+/g, ''), 'hex');
const ascii = (text: string) => Buffer.from(text, 'latin1');

/** A 1×1 transparent PNG. */
import { Readable } from 'node:stream';
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const jpg = hex('FFD8FFE0 0010 4A464946 00 0101 00 0001 0001 0000 FFD9');
export const gif = Buffer.concat([ascii('GIF89a'), hex('0100 0100 00 00 00 2C 00000000 0100 0100 00 02 00 3B')]);
export const webp = Buffer.concat([ascii('RIFF'), hex('1A000000'), ascii('WEBPVP8L'), hex('0D0000002F00000007000000')]);
export const vtt = Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n', 'utf8');

export const svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
export const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
export const zip = Buffer.concat([
  hex('504B0304 1400 0000 0000 0000 0000 00000000 00000000 00000000 0100 0000'),
  ascii('a'),
]);

/** The EBML header of a WebM file (DocType "webm"), then the start of a Segment of unknown size. */
export const webmHeader = Buffer.concat([
  hex('1A45DFA3 9F 4286 81 01 42F7 81 01 42F2 81 04 42F3 81 08 4282 84'),
  ascii('webm'),
  hex('4287 81 02 4285 81 02'),
  hex('18538067 01FFFFFFFFFFFFFF'),
]);
/** An ISO media `ftyp` box with the isom brand, then an `mdat` box header. */
export const mp4Header = Buffer.concat([
  hex('00000018'),
  ascii('ftypisom'),
  hex('00000200'),
  ascii('isommp41'),
  hex('00000008'),
  ascii('mdat'),
]);

/** A video of exactly `size` bytes: the header, then filler that differs with `seed`. */
export function video(header: Buffer, size: number, seed = 0): Buffer {
  const out = Buffer.alloc(size);
  header.copy(out);
  for (let i = header.length; i < size; i++) out[i] = (i * 31 + seed) & 0xff;
  return out;
}

/** A multipart/form-data body with one part per entry (a file part when it has a filename). */
export function multipart(
  parts: { name: string; filename?: string; contentType?: string; data: Buffer | string }[],
  boundary = '----devcourses-test-boundary',
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `\r\ncontent-type: ${part.contentType}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The first 100 bytes of a one-file upload and then nothing: the request never ends, so nobody could have read it
 *  all. A refusal answered while this body is still open was made before the body was read. */
export function stalledUpload(): { body: Readable; contentType: string } {
  const form = multipart([{ name: 'file', filename: 'a.png', data: png }]);
  let pulled = false;
  const body = new Readable({
    read() {
      if (pulled) return;
      pulled = true;
      this.push(form.body.subarray(0, 100));
    },
  });
  return { body, contentType: form.contentType };
}
