import type { WelcomeVideo as Files } from '@marketplace/contracts/welcome-video-essentials';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arabic from 'virtual:marketplace-messages/ar';
import english from 'virtual:marketplace-messages/en';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../lib/i18n/i18n-store';
import { rememberNewAccount } from '../lib/new-account';
import { layla, renderRoutes } from '../test/render-routes';
import { routedApi } from '../test/selling-fixtures';
import { FirstVisitVideo } from './first-visit-video';
import { WelcomeVideo } from './welcome-video';

const api = routedApi();
const FILES: Files = {
  webm: '/welcome-video/welcome.webm',
  mp4: '/welcome-video/welcome.mp4',
  poster: '/welcome-video/poster.webp',
  captions: { en: '/welcome-video/en.vtt', ar: '/welcome-video/ar.vtt' },
};

let play: ReturnType<typeof vi.fn>;
beforeEach(() => {
  play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as () => Promise<void>);
  api({ 'GET /api/welcome-video': () => ({ body: { data: FILES } }) });
});
afterEach(() => {
  vi.restoreAllMocks();
  activateLocale('en', english);
  sessionStorage.clear();
});

describe('the welcome video', () => {
  it('is a poster and a play button until pressed, then the player with the reader’s captions on, playing', async () => {
    const { container } = renderRoutes([{ path: '/', element: <WelcomeVideo /> }]);
    const button = await screen.findByRole('button', { name: /Play the welcome video/ });
    await vi.waitFor(() => expect(button).toBeEnabled());
    expect(container.querySelector('img')?.getAttribute('src')).toBe(FILES.poster);
    expect(container.querySelector('video')).toBeNull();

    button.focus();
    await userEvent.setup().keyboard('{Enter}');
    const video = await vi.waitFor(() => {
      const element = container.querySelector('video');
      if (!element) throw new Error('no player yet');
      return element;
    });
    expect(video.controls).toBe(true);
    expect(video.autoplay).toBe(false);
    expect([...video.querySelectorAll('source')].map((source) => source.getAttribute('src'))).toEqual([
      FILES.webm,
      FILES.mp4,
    ]);
    const tracks = [...video.querySelectorAll('track')];
    expect(tracks.map((track) => [track.srclang, track.kind, track.default])).toEqual([
      ['en', 'captions', true],
      ['ar', 'captions', false],
    ]);
    expect(play).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(video);
  });

  it('turns the Arabic captions on for an Arabic reader, its button named in Arabic', async () => {
    activateLocale('ar', arabic);
    const { container } = renderRoutes([{ path: '/', element: <WelcomeVideo /> }]);
    const button = await screen.findByRole('button', { name: /فيديو الترحيب/ });
    await vi.waitFor(() => expect(button).toBeEnabled());
    await userEvent.setup().click(button);
    await vi.waitFor(() => expect(container.querySelector('track[srclang="ar"]')).not.toBeNull());
    expect((container.querySelector('track[srclang="ar"]') as HTMLTrackElement).default).toBe(true);
    expect((container.querySelector('track[srclang="en"]') as HTMLTrackElement).default).toBe(false);
  });

  it('shows in an empty state only to an account made in this session', async () => {
    const user = layla;
    const first = renderRoutes([{ path: '/', element: <FirstVisitVideo /> }], { user });
    expect(first.container.querySelector('.welcome-video')).toBeNull();
    first.unmount();
    rememberNewAccount(layla.id);
    renderRoutes([{ path: '/', element: <FirstVisitVideo /> }], { user });
    expect(await screen.findByRole('button', { name: /Play the welcome video/ })).toBeInTheDocument();
  });
});
