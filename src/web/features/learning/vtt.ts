// The cues of a WebVTT file, for the transcript under the video (the player shows the same file as its track).

export interface Cue {
  start: number;
  end: number;
  text: string;
}

const TIME = /(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})/;

function seconds(stamp: string): number | null {
  const match = TIME.exec(stamp);
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]) + Number(match[4]) / 1000;
}

/** Cues in file order; text has its tags (`<v Speaker>`, `<b>`) removed and lines joined. NOTE/STYLE blocks and
 *  anything malformed are skipped. */
export function parseVtt(source: string): Cue[] {
  const blocks = source.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  if (!blocks[0]?.startsWith('WEBVTT')) return [];
  const cues: Cue[] = [];
  for (const block of blocks.slice(1)) {
    const lines = block.split('\n').filter((line) => line !== '');
    const at = lines.findIndex((line) => line.includes('-->'));
    if (at === -1 || at > 1) continue;
    const [from, rest = ''] = lines[at].split('-->');
    const start = seconds(from);
    const end = seconds(rest.trim().split(/\s+/)[0] ?? '');
    if (start === null || end === null || end < start) continue;
    const text = lines
      .slice(at + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&nbsp;/g, ' ')
      .trim();
    if (text) cues.push({ start, end, text });
  }
  return cues;
}

/** The cue playing at `time`: the last one that started at or before it and has not ended. */
export function activeCue(cues: readonly Cue[], time: number): number {
  for (let i = cues.length - 1; i >= 0; i--) if (cues[i].start <= time && time < cues[i].end) return i;
  return -1;
}
