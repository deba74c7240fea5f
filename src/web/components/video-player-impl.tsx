// Plays a lesson link: a native <video> for files (WebM/MP4, relative paths), react-player for YouTube and Vimeo.
import { lazy, type MediaHTMLAttributes, type Ref, Suspense, useSyncExternalStore } from 'react';

/** The media events a page may follow (the learning player reports what was watched from them). */
export type MediaEvents = Pick<
  MediaHTMLAttributes<HTMLVideoElement>,
  'onTimeUpdate' | 'onPlay' | 'onPause' | 'onEnded' | 'onSeeking' | 'onLoadedMetadata' | 'onDurationChange'
>;

export interface VideoPlayerProps {
  src: string;
  /** The lesson title; names the player for assistive technology. */
  title: string;
  /** A WebVTT captions file for a file video (the lesson's, uploaded in the Studio); shown by default. */
  captions?: string | null;
  /** The media element (a <video>, or react-player's element with the same API for YouTube/Vimeo). */
  mediaRef?: Ref<HTMLVideoElement>;
  events?: MediaEvents;
}

const ReactPlayer = lazy(() => import('react-player'));

const HOSTED =
  /^(?:https?:)?\/\/(?:www\.|m\.)?(?:youtube\.com|youtu\.be|youtube-nocookie\.com|vimeo\.com|player\.vimeo\.com)\//i;

export function isHostedVideo(src: string): boolean {
  return HOSTED.test(src.trim());
}

const noSubscription = () => () => {};
const preloadInBrowser = () => 'metadata' as const;
const preloadOnServer = () => 'none' as const;

export default function VideoPlayerImpl({ src, title, captions, mediaRef, events }: VideoPlayerProps) {
  // A server-rendered lesson asks for none of its video before the first paint; the metadata (duration, first frame,
  // where to resume) loads once the page is the app's (decision 0042).
  const preload = useSyncExternalStore(noSubscription, preloadInBrowser, preloadOnServer);
  if (isHostedVideo(src)) {
    return (
      <div className="video-frame">
        <Suspense fallback={null}>
          <ReactPlayer
            ref={mediaRef}
            src={src}
            controls
            width="100%"
            height="100%"
            aria-label={`Video: ${title}`}
            {...events}
          />
        </Suspense>
      </div>
    );
  }
  return (
    <div className="video-frame">
      {/* key: a new lesson gets a fresh element, so the previous video stops and the new one loads. */}
      {/* The captions track is there whenever the lesson has a captions file (authors add one in the Studio). */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the track below is conditional, which the rule cannot see */}
      <video
        key={src}
        ref={mediaRef}
        src={src}
        controls
        preload={preload}
        playsInline
        aria-label={`Video: ${title}`}
        {...events}
      >
        {captions && <track kind="captions" src={captions} srcLang="en" label="English" default />}
        Your browser cannot play this video. <a href={src}>Download it</a>.
      </video>
    </div>
  );
}
