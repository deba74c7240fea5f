// The text of a PDF as a reader's copy would give it, for tests, with no PDF package: the page content streams are
// inflated, each text-showing operator's glyph codes are mapped to Unicode through the font's ToUnicode CMap (how
// pdfkit writes embedded-font text: hex glyph ids, one CMap per font), and each text object becomes a line.
import zlib from 'node:zlib';

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

/** Every `N 0 obj … endobj`, its dictionary and its (inflated) stream. */
function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const pattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const body = m[2];
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      objects.set(Number(m[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, streamAt);
    let start = streamAt + 'stream'.length;
    if (body[start] === '\r') start++;
    if (body[start] === '\n') start++;
    const end = body.lastIndexOf('endstream');
    let stream = Buffer.from(body.slice(start, end), 'latin1');
    if (/\/FlateDecode/.test(dict)) stream = zlib.inflateSync(stream);
    objects.set(Number(m[1]), { dict, stream });
  }
  return objects;
}

const hexUnicode = (spaced: string) => {
  const hex = spaced.replace(/\s+/g, '');
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

/** A ToUnicode CMap as code → text (its bfchar and bfrange entries). */
function cmapOf(source: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, dst] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(code, 16), hexUnicode(dst));
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, rest] of block[1].matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const from = parseInt(lo, 16);
      const to = parseInt(hi, 16);
      if (rest.startsWith('[')) {
        // A ligature's text is several code units, written with spaces between them (`<0066 0069>`).
        const targets = [...rest.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((t) => hexUnicode(t[1]));
        targets.forEach((target, i) => map.set(from + i, target));
      } else {
        const first = parseInt(rest.slice(1, -1), 16);
        for (let code = from; code <= to; code++) map.set(code, String.fromCharCode(first + code - from));
      }
    }
  }
  return map;
}

/** The text of every page, one line per text object. */
export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf);
  const ref = (dict: string, key: string) => {
    const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
    return m ? Number(m[1]) : undefined;
  };
  const lines: string[] = [];
  for (const page of objects.values()) {
    if (!/\/Type\s*\/Page\b/.test(page.dict)) continue;
    // The page's fonts by resource name, each with its CMap.
    const resources = objects.get(ref(page.dict, 'Resources') ?? -1)?.dict ?? page.dict;
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    const fonts = new Map<string, Map<number, string>>();
    for (const [, name, id] of fontDict.matchAll(/\/([\w.+-]+)\s+(\d+) 0 R/g)) {
      const cmap = objects.get(ref(objects.get(Number(id))?.dict ?? '', 'ToUnicode') ?? -1)?.stream;
      fonts.set(name, cmap ? cmapOf(cmap.toString('latin1')) : new Map<number, string>());
    }
    const contents = objects.get(ref(page.dict, 'Contents') ?? -1)?.stream?.toString('latin1') ?? '';
    let font = new Map<number, string>();
    let line = '';
    const tokens = /\/([\w.+-]+)\s+[\d.]+\s+Tf|\[((?:[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\bET\b/g;
    for (const [whole, fontName, array, single] of contents.matchAll(tokens)) {
      if (fontName) font = fonts.get(fontName) ?? new Map<number, string>();
      else if (whole === 'ET') {
        if (line) lines.push(line);
        line = '';
      } else {
        const hexes = array !== undefined ? [...array.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]) : [single];
        for (const hex of hexes)
          for (let i = 0; i + 4 <= hex.length; i += 4) line += font.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD';
      }
    }
  }
  return lines.join('\n');
}
