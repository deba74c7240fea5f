import { describe, expect, it } from 'vitest';
import { isWebVtt, MEDIA_MAX_BYTES, sniffMedia } from './media-sniff';
import { gif, html, jpg, mp4Header, png, svg, video, vtt, webmHeader, webp, zip } from './media-test-files';

describe('sniffMedia', () => {
  it.each([
    ['png', png],
    ['jpg', jpg],
    ['webp', webp],
    ['gif', gif],
    ['mp4', video(mp4Header, 10_000)],
    ['webm', video(webmHeader, 10_000)],
    ['vtt', vtt],
  ])('knows %s by its bytes', async (ext, bytes) => {
    expect(await sniffMedia(bytes)).toBe(ext);
  });

  it.each([
    ['SVG', svg],
    ['SVG without the XML declaration', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['HTML', html],
    ['a zip archive', zip],
    ['plain text', Buffer.from('just some text\n')],
    ['an empty file', Buffer.alloc(0)],
    ['a PDF', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')],
  ])('refuses %s', async (_name, bytes) => {
    expect(await sniffMedia(bytes)).toBeUndefined();
  });

  it('refuses other ISO media and Matroska files: a QuickTime movie, an MKV', async () => {
    const mov = Buffer.from(mp4Header);
    mov.write('qt  ', 8, 'latin1');
    mov.write('qt  ', 16, 'latin1');
    expect(await sniffMedia(video(mov, 1000))).toBeUndefined();
    const mkv = Buffer.from(webmHeader.toString('latin1').replace('\x84webm', '\x88matroska'), 'latin1');
    mkv[4] = 0x9f + 4; // the EBML header grew by four bytes
    expect(await sniffMedia(video(mkv, 1000))).toBeUndefined();
  });

  it('goes by the bytes, whatever the file is called: a PNG named .webm is a PNG', async () => {
    // sniffMedia never sees the name; the routes test uploads this file as "clip.webm" with content-type video/webm.
    expect(await sniffMedia(png)).toBe('png');
  });

  it('a text file named .vtt without the WEBVTT signature is refused', async () => {
    expect(await sniffMedia(Buffer.from('00:00.000 --> 00:01.000\nHello\n'))).toBeUndefined();
  });

  it('allows the largest kind, a video, at most 500 MB', () => {
    expect(MEDIA_MAX_BYTES).toBe(500 * 1024 * 1024);
  });
});

describe('isWebVtt', () => {
  const bytes = (text: string) => Buffer.from(text, 'utf8');

  it.each([
    ['WEBVTT'],
    ['WEBVTT\n'],
    ['WEBVTT\r\n'],
    ['WEBVTT - English captions\n'],
    ['WEBVTT\tcaptions\n'],
    ['\ufeffWEBVTT\n'],
  ])('accepts %j', (text) => {
    expect(isWebVtt(bytes(text))).toBe(true);
  });

  it.each([['WEBVTTX\n'], ['webvtt\n'], [' WEBVTT\n'], ['WEBVT'], [''], ['\ufeff'], ['<html>WEBVTT']])(
    'refuses %j',
    (text) => {
      expect(isWebVtt(bytes(text))).toBe(false);
    },
  );
});
