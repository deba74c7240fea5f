// @vitest-environment happy-dom
// YouTube and Vimeo lessons report progress like file videos: react-player's element has the media API
// and fires the media events, and the player hands it the same events. YouTube and Vimeo cannot load here, so
// react-player (the third-party host) is the one thing replaced: by a <video> whose time the test moves.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { forwardRef, type ReactNode, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import VideoPlayerImpl from '../../components/video-player-impl';
import { signIn, signOut } from '../../lib/session';
import { readLocalProgress } from './local-progress';
import { useProgressReporter } from './use-progress-reporter';

const hosted: { element: HTMLVideoElement | null } = { element: null };

vi.mock('react-player', () => ({
  default: forwardRef<HTMLVideoElement, { src: string } & Record<string, unknown>>(function FakeHost(props, ref) {
    const { src, controls: _controls, width: _width, height: _height, ...rest } = props;
    return (
      <video
        data-src={src}
        ref={(element) => {
          hosted.element = element;
          if (typeof ref === 'function') ref(element);
          else if (ref) ref.current = element;
        }}
        {...rest}
      >
        <track kind="captions" />
      </video>
    );
  }),
}));

const lesson = { lessonId: 'lesson-1', courseId: 'course-1', title: 'Hooks in depth' };

function Player({ src }: { src: string }) {
  const mediaRef = useRef<HTMLVideoElement>(null);
  const events = useProgressReporter(lesson, mediaRef);
  return <VideoPlayerImpl src={src} title={lesson.title} mediaRef={mediaRef} events={events} />;
}

function withQueries(children: ReactNode) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

/** Gives the fake host's element a media state and fires `type` on it, as the real host's element does. */
function fire(type: string, media: { currentTime: number; paused: boolean; duration?: number }) {
  const element = hosted.element;
  if (!element) throw new Error('the hosted player has not rendered');
  for (const [key, value] of Object.entries({ duration: 600, seeking: false, ...media }))
    Object.defineProperty(element, key, { value, configurable: true });
  act(() => {
    element.dispatchEvent(new Event(type));
  });
}

async function played(src: string) {
  render(withQueries(<Player src={src} />));
  await waitFor(() => {
    if (!hosted.element) throw new Error('react-player is lazy: not there yet');
  });
  expect(hosted.element?.dataset.src).toBe(src);
  fire('play', { currentTime: 0, paused: false });
  for (let t = 0; t <= 12; t += 0.25) fire('timeupdate', { currentTime: t, paused: false });
  // The learner jumps ahead: the jump is no watching; then plays on from 300 s and pauses at 310 s.
  fire('seeking', { currentTime: 300, paused: false });
  for (let t = 300; t <= 310; t += 0.25) fire('timeupdate', { currentTime: t, paused: false });
  fire('pause', { currentTime: 310, paused: true });
}

beforeEach(() => {
  localStorage.clear();
  hosted.element = null;
});
afterEach(() => {
  cleanup();
  signOut();
  vi.unstubAllGlobals();
});

describe('progress from a hosted (YouTube or Vimeo) video', () => {
  it.each(['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://vimeo.com/76979871'])(
    'a visitor’s %s lesson keeps the watched ranges, not the jump, in this browser',
    async (src) => {
      await played(src);
      const saved = readLocalProgress()[lesson.lessonId];
      expect(saved.duration).toBe(600);
      expect(saved.position).toBe(310);
      expect(saved.ranges).toEqual([
        [0, 12],
        [300, 310],
      ]);
    },
  );

  it('a signed-in learner’s YouTube lesson is reported to the server on pause', async () => {
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        sent.push({ url, body: JSON.parse(init.body as string) });
        return Promise.resolve(
          new Response(JSON.stringify({ position: 310, percent: 3.7, completed: false }), {
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
    signIn('a'.repeat(64), 'user-1');
    await played('https://youtu.be/dQw4w9WgXcQ');
    await waitFor(() => expect(sent.length).toBeGreaterThan(0));
    const last = sent[sent.length - 1];
    expect(last.url).toBe('/api/progress/lesson-1');
    expect(last.body).toEqual({
      ranges: [
        [0, 12],
        [300, 310],
      ],
      position: 310,
      duration: 600,
    });
  });

  it('sends nothing to the server once the learner has signed out (Logout re-renders the player)', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        sent.push(url);
        return Promise.resolve(new Response('{"position":0,"percent":0,"completed":false}'));
      }),
    );
    signIn('a'.repeat(64), 'user-1');
    await played('https://youtu.be/dQw4w9WgXcQ');
    await waitFor(() => expect(sent.length).toBeGreaterThan(0));
    const before = sent.length;
    fire('play', { currentTime: 310, paused: false });
    for (let t = 310; t <= 320; t += 0.25) fire('timeupdate', { currentTime: t, paused: false });
    // Signing out re-renders the player with a visitor's reporter; the signed-in one it replaces reports as it goes.
    act(() => signOut());
    cleanup();
    expect(sent.length).toBe(before);
  });
});
