// The transcript under the video, built from the lesson's WebVTT captions (the same file the player shows as its
// track): each cue a button that seeks there; the cue being spoken is highlighted as the video plays.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getText } from '../../../lib/api';
import { formatClock } from '../../../lib/time-format';
import { activeCue, parseVtt } from '../vtt';

interface TranscriptProps {
  src: string;
  time: number;
  onSeek: (seconds: number) => void;
}

// Server-rendered with the page when the captions are this site's file (entry-server.tsx), so the transcript is in
// the HTML and nothing below it moves when the page hydrates.
async function loadCues(src: string, signal: AbortSignal) {
  return parseVtt(await getText(src, signal));
}

export function Transcript({ src, time, onSeek }: TranscriptProps) {
  const cues = useQuery({
    queryKey: ['captions', src],
    queryFn: ({ signal }) => loadCues(src, signal),
    staleTime: Infinity,
  });
  const list = cues.data ?? [];
  const current = activeCue(list, time);
  const listRef = useRef<HTMLOListElement>(null);

  // Keep the current cue in view inside the transcript box, without moving the page.
  useEffect(() => {
    const box = listRef.current;
    const item = box?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!box || !item) return;
    const top = item.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = top - box.clientHeight / 3;
  }, [current]);

  if (cues.isError) return null;
  return (
    <section className="transcript" aria-labelledby="transcript-title">
      <h2 id="transcript-title" className="transcript__title">
        Transcript
      </h2>
      {cues.isPending ? (
        <p className="transcript__loading">Loading the transcript…</p>
      ) : (
        <ol className="transcript__cues" ref={listRef}>
          {list.map((cue, i) => (
            <li key={`${cue.start}-${i}`}>
              <button
                type="button"
                className="transcript__cue"
                aria-current={i === current ? 'true' : undefined}
                onClick={() => onSeek(cue.start)}
              >
                <span className="transcript__time">{formatClock(cue.start)}</span> {cue.text}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
