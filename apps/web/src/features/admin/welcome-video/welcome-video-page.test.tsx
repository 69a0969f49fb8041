import type { AdminWelcomeVideo } from '@marketplace/contracts/welcome-video';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastOutlet } from '../../../lib/toasts/toast-outlet';
import { renderRoutes } from '../../../test/render-routes';
import { routedApi } from '../../../test/selling-fixtures';
import { WelcomeVideoPage } from './welcome-video-page';

const api = routedApi();

const committed: AdminWelcomeVideo = {
  files: {
    webm: '/welcome-video/welcome-1.webm',
    mp4: '/welcome-video/welcome-1.mp4',
    poster: '/welcome-video/poster-1.webp',
    captions: { en: '/welcome-video/captions-en-1.vtt', ar: '/welcome-video/captions-ar-1.vtt' },
  },
  replaced: [],
};
const replaced: AdminWelcomeVideo = {
  files: { ...committed.files, webm: '/media/welcome/abcdefghijklmnopqrstuv.webm' },
  replaced: ['webm'],
};

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/admin/welcome-video',
        element: (
          <>
            <WelcomeVideoPage />
            <ToastOutlet />
          </>
        ),
      },
    ],
    { path: '/admin/welcome-video' },
  );

describe('the welcome video screen', () => {
  it('replaces a file with its raw bytes, shows the server’s refusal by the file, and puts the committed one back', async () => {
    let refuse = true;
    const sent = api({
      'GET /api/admin/welcome-video': () => ({ body: { data: committed } }),
      'PUT /api/admin/welcome-video/webm': () =>
        refuse
          ? { status: 422, body: { message: 'Invalid', errors: { file: ['This file is not a WebM video.'] } } }
          : { body: { data: replaced } },
      'DELETE /api/admin/welcome-video/webm': () => ({ body: { data: committed } }),
    });
    renderPage();
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Replace: Video (WebM)');
    const file = new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], 'welcome.webm', { type: 'video/webm' });

    await user.upload(input, file);
    expect(await screen.findByText('This file is not a WebM video.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    refuse = false;
    await user.upload(input, file);
    expect(await screen.findByText('Replaced: Video (WebM)')).toBeInTheDocument();
    const put = sent.filter((request) => request.method === 'PUT');
    expect(put).toHaveLength(2);
    expect(put[1]?.body).toBeInstanceOf(File);
    expect(screen.getByText('Replaced by staff')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Put back the app’s file: Video (WebM)' }));
    expect(await screen.findByText('The app’s file is back: Video (WebM)')).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('refuses a file over the size before sending it', async () => {
    const sent = api({ 'GET /api/admin/welcome-video': () => ({ body: { data: committed } }) });
    renderPage();
    const input = await screen.findByLabelText('Replace: English captions');
    await userEvent.setup().upload(input, new File([new Uint8Array(65 * 1024)], 'big.vtt', { type: 'text/vtt' }));
    expect(await screen.findByText('The file must be at most 64 KB.')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });
});
