// What a run prints, kept up to the output limit (UTF-8 bytes) and cut with a note past it. Printing is ignored
// while hidden tests run, so no hidden input or expected value can leave through the output.
import { PRACTICE, TEXTS } from '../practice-rules';

const encoder = new TextEncoder();

export class OutputBuffer {
  private text = '';
  private bytes = 0;
  private cut = false;
  /** True while hidden tests run: what they print is dropped. */
  silent = false;

  constructor(private readonly maxBytes: number = PRACTICE.outputBytesMax) {}

  write(chunk: string): void {
    if (this.silent || this.cut || chunk === '') return;
    const size = encoder.encode(chunk).length;
    if (this.bytes + size <= this.maxBytes) {
      this.text += chunk;
      this.bytes += size;
      return;
    }
    // Keep what fits, cut on a character boundary, then the note.
    let kept = '';
    let keptBytes = 0;
    for (const ch of chunk) {
      const n = encoder.encode(ch).length;
      if (this.bytes + keptBytes + n > this.maxBytes) break;
      kept += ch;
      keptBytes += n;
    }
    this.text += kept;
    this.bytes += keptBytes;
    this.text += `${this.text.endsWith('\n') || this.text === '' ? '' : '\n'}${TEXTS.outputCut(this.maxBytes)}\n`;
    this.cut = true;
  }

  toString(): string {
    return this.text;
  }
}
