import { describe, expect, it } from 'vitest';
import { playableVideo } from './video.ts';

describe('playableVideo: the video links the site plays, and how', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    [
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
  ])('YouTube %s plays through the privacy-enhanced player', (link, embed) => {
    expect(playableVideo(link)).toEqual({
      kind: 'youtube',
      id: 'dQw4w9WgXcQ',
      embed,
      origin: 'https://www.youtube-nocookie.com',
    });
  });

  it('Vimeo plays with do-not-track', () => {
    for (const link of ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?h=1']) {
      expect(playableVideo(link)).toEqual({
        kind: 'vimeo',
        id: '76979871',
        embed: 'https://player.vimeo.com/video/76979871?dnt=1',
        origin: 'https://player.vimeo.com',
      });
    }
  });

  it('video files: https anywhere, or our own origin', () => {
    expect(playableVideo('https://media.example.com/a/intro.MP4?v=2')).toEqual({
      kind: 'file',
      src: 'https://media.example.com/a/intro.MP4?v=2',
      origin: 'https://media.example.com',
      type: 'video/mp4',
    });
    expect(playableVideo('/api/files/videos/x.webm')).toEqual({
      kind: 'file',
      src: '/api/files/videos/x.webm',
      origin: "'self'",
      type: 'video/webm',
    });
  });

  it.each([
    'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=nope',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://vimeo.com/channels/staffpicks',
    'https://example.com/video.mov',
    'https://user:pw@media.example.com/a.mp4',
    '//media.example.com/a.mp4',
    'javascript:alert(1)',
    'data:video/mp4;base64,AAAA',
    '/images/poster.svg',
    '',
    'not a url',
  ])('refuses %j', (link) => {
    expect(playableVideo(link)).toBeNull();
  });
});
