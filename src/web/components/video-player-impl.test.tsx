// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import VideoPlayerImpl, { isHostedVideo } from './video-player-impl';

afterEach(cleanup);

describe('VideoPlayer', () => {
  it('sends YouTube and Vimeo links to react-player and everything else to <video>', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=abc',
      'https://youtu.be/abc',
      'https://m.youtube.com/watch?v=abc',
      '//www.youtube-nocookie.com/embed/abc',
      'https://vimeo.com/123',
      'https://player.vimeo.com/video/123',
    ])
      expect(isHostedVideo(url), url).toBe(true);
    for (const url of [
      '/media/video/a.webm',
      'https://cdn.example.com/v.mp4',
      'https://notyoutube.com/x',
      'https://youtube.com.evil.test/x',
    ])
      expect(isHostedVideo(url), url).toBe(false);
  });

  it('plays a file link in a native <video controls> named after the lesson', () => {
    const { container } = render(<VideoPlayerImpl src="/media/video/a.webm" title="Lesson A" />);
    const video = container.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/media/video/a.webm');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(video?.getAttribute('aria-label')).toBe('Video: Lesson A');
    expect(container.querySelector('track')).toBeNull();
  });

  it('asks for no video in the server-rendered page and for its metadata once mounted', () => {
    expect(renderToString(<VideoPlayerImpl src="/media/video/a.webm" title="Lesson A" />)).toContain('preload="none"');
    const { container } = render(<VideoPlayerImpl src="/media/video/a.webm" title="Lesson A" />);
    expect(container.querySelector('video')?.getAttribute('preload')).toBe('metadata');
  });

  it('shows the lesson’s captions file as the default English captions track', () => {
    const { container } = render(
      <VideoPlayerImpl src="/media/uploads/a.webm" title="Lesson A" captions="/media/uploads/b.vtt" />,
    );
    const track = container.querySelector('video > track');
    expect(track?.getAttribute('kind')).toBe('captions');
    expect(track?.getAttribute('src')).toBe('/media/uploads/b.vtt');
    expect(track?.getAttribute('srclang')).toBe('en');
    expect(track?.hasAttribute('default')).toBe(true);
  });
});
