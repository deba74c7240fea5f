// A certificate's files: the PDF (A4 landscape, DejaVu Sans embedded so that any Latin, Cyrillic or Greek name prints
// exactly: pdfkit's built-in Helvetica silently garbles them, with no error) with a QR code of the page's address
// drawn as vector squares, and the 1200×630 share image (satori draws the SVG, resvg makes the PNG). A certificate's
// facts are frozen, so each file is made once and kept (bounded, in memory) by code.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { CERTIFICATES, evidenceLine, formatIssueDate } from '../../../shared/certificates';

const require = createRequire(import.meta.url);
const fontFile = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);
// The font parser pdfkit itself uses (its own dependency, so the very version it expects). A font parsed once and
// handed to every document saves 40-100 ms per PDF: pdfkit would parse the 700 KB file again for each one, and its
// glyph layout caches start cold each time.
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Buffer): object };

let fonts: { regular: Buffer; bold: Buffer; parsed: { regular: object; bold: object } } | undefined;
function loadFonts() {
  if (!fonts) {
    const regular = fs.readFileSync(fontFile('DejaVuSans.ttf'));
    const bold = fs.readFileSync(fontFile('DejaVuSans-Bold.ttf'));
    fonts = { regular, bold, parsed: { regular: fontkit.create(regular), bold: fontkit.create(bold) } };
  }
  return fonts;
}

/** What a certificate's files show: its frozen facts, its address and its issuer. */
export interface CertificateFacts {
  code: string;
  name: string;
  courseTitle: string;
  issuedAt: string;
  lessons: number;
  hoursWatched: number;
  exercisesPassed: number;
  quizzesPassed: number;
  /** The page's absolute address (the QR code's content). */
  url: string;
  issuer: { name: string; url: string };
}

/** The PDF: A4 landscape, the facts, the verification statement and a QR code of the page. */
export async function certificatePdf(facts: CertificateFacts): Promise<Buffer> {
  const { parsed } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `Certificate: ${facts.courseTitle}`, Author: facts.issuer.name, Subject: facts.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit takes a parsed font as well as a file (its types name only files).
  doc.registerFont('Sans', parsed.regular as Buffer);
  doc.registerFont('Sans-Bold', parsed.bold as Buffer);

  const { width, height } = doc.page;
  const ink = '#1d2433';
  const accent = '#b3245a';
  doc
    .rect(24, 24, width - 48, height - 48)
    .lineWidth(3)
    .stroke(accent);
  doc
    .rect(32, 32, width - 64, height - 64)
    .lineWidth(0.75)
    .stroke(accent);

  const column = { x: 70, width: width - 140 };
  const centred = { width: column.width, align: 'center' as const };
  doc.fillColor(accent).font('Sans-Bold').fontSize(16).text(facts.issuer.name.toUpperCase(), column.x, 70, centred);
  doc.fillColor(ink).font('Sans').fontSize(30).text('Certificate of completion', column.x, 105, centred);
  doc.fontSize(13).text('This certifies that', column.x, 165, centred);
  doc.font('Sans-Bold').fontSize(30).text(facts.name, column.x, 190, centred);
  doc.font('Sans').fontSize(13).text('completed the course', column.x, 245, centred);
  doc.font('Sans-Bold').fontSize(22).text(facts.courseTitle, column.x, 268, centred);
  doc
    .font('Sans')
    .fontSize(12)
    .text(evidenceLine(facts), column.x, doc.y + 14, centred);
  doc.text(`Issued on ${formatIssueDate(facts.issuedAt)}`, column.x, doc.y + 6, centred);

  // The QR code of the page, bottom right, as vector squares (sharp at any zoom, no image to embed).
  const qr = QRCode.create(facts.url, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const box = 110;
  const cell = box / (size + 8);
  const qx = width - 70 - box;
  const qy = height - 70 - box;
  doc.rect(qx, qy, box, box).fill('#ffffff');
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++)
      if (qr.modules.get(row, col)) doc.rect(qx + (col + 4) * cell, qy + (row + 4) * cell, cell, cell);
  doc.fill(ink);

  const footer = { width: width - 140 - box - 30 };
  doc
    .fillColor(ink)
    .font('Sans-Bold')
    .fontSize(10)
    .text(`Verified: issued by ${facts.issuer.name} (${facts.issuer.url})`, 70, qy + 20, footer);
  doc
    .font('Sans')
    .fontSize(10)
    .text(`Check it at ${facts.url}`, 70, doc.y + 4, footer);
  doc.text(`Certificate ${facts.code}`, 70, doc.y + 4, footer);
  doc.end();
  return done;
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node[] | string } };
const el = (type: string, style: Record<string, unknown>, children?: Node[] | string): Node => ({
  type,
  props: { style, children },
});

/** The share image: 1200×630 PNG with the name, the course and the issuer. */
export async function certificateImage(facts: CertificateFacts): Promise<Buffer> {
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const { regular, bold } = loadFonts();
  const { width, height } = CERTIFICATES.image;
  const tree = el(
    'div',
    {
      width: '100%',
      height: '100%',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'center',
      alignItems: 'center',
      padding: 60,
      backgroundColor: '#fdf7fa',
      border: '16px solid #b3245a',
      color: '#1d2433',
      fontFamily: 'DejaVu Sans',
      textAlign: 'center',
    },
    [
      el('div', { fontSize: 30, fontWeight: 700, color: '#b3245a', letterSpacing: 2 }, facts.issuer.name.toUpperCase()),
      el('div', { fontSize: 34, marginTop: 24 }, 'Certificate of completion'),
      el('div', { fontSize: facts.name.length > 30 ? 48 : 64, fontWeight: 700, marginTop: 30 }, facts.name),
      el('div', { fontSize: 30, marginTop: 24 }, 'completed the course'),
      el('div', { fontSize: 44, fontWeight: 700, marginTop: 12 }, facts.courseTitle),
      el('div', { fontSize: 24, marginTop: 30 }, `Issued on ${formatIssueDate(facts.issuedAt)}`),
    ],
  );
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    width,
    height,
    fonts: [
      { name: 'DejaVu Sans', data: regular, weight: 400, style: 'normal' },
      { name: 'DejaVu Sans', data: bold, weight: 700, style: 'normal' },
    ],
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
}

/** Files made once per code and kept, the least recently used dropped beyond `max`. Two requests for a file not
 *  made yet wait for the same making. */
export class FileCache {
  private readonly entries = new Map<string, Promise<Buffer>>();

  constructor(private readonly max = 200) {}

  get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const made = make();
    this.entries.set(key, made);
    made.catch(() => this.entries.delete(key));
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return made;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
