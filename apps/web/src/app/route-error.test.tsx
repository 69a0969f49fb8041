import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '../lib/chunks/chunk-load-error';
import { pageNavigation } from '../lib/page-navigation';
import { renderRoutes } from '../test/render-routes';
import { ChunkErrorMessage } from './chunk-error-message';
import { RouteError } from './route-error';

function crashWith(error: Error) {
  function Crashing(): never {
    throw error;
  }
  return [
    { path: '/', element: <h1>Home page</h1> },
    { path: '/broken', element: <Crashing />, errorElement: <RouteError /> },
  ];
}

describe('RouteError', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStorage.clear();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a message and a way back when a page crashes', async () => {
    renderRoutes(crashWith(new Error('boom')), { path: '/broken' });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('names a chunk that did not load, why, and where from, and retries by reloading', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    const address = 'http://localhost/js/chunks/login-page-Ab12.js';
    renderRoutes(crashWith(new ChunkLoadError('login-page', 'timeout', address)), { path: '/broken' });

    expect(screen.getByRole('heading', { name: 'This part of the site could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText(/The connection is too slow/)).toBeInTheDocument();
    expect(screen.getByText(/^Loading chunk login-page failed\./)).toHaveTextContent(
      `Loading chunk login-page failed. (timeout: ${address})`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once when a new deployment removed the chunk, and shows the error if it is still missing', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    const missing = new ChunkLoadError('login-page', 'missing', 'http://localhost/js/chunks/login-page-Old1.js');

    const first = renderRoutes(crashWith(missing), { path: '/broken' });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    first.unmount();

    renderRoutes(crashWith(missing), { path: '/broken' });
    expect(screen.getByText(/The site has been updated/)).toBeInTheDocument();
    expect(screen.getByText(/^Loading chunk login-page failed\./)).toHaveTextContent('(missing: http://localhost/');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps showing the page loading while its reload is under way, even if it draws again', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    const missing = new ChunkLoadError('login-page', 'missing', 'http://localhost/js/chunks/login-page-Old2.js');

    const view = render(
      <MemoryRouter>
        <ChunkErrorMessage error={missing} />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    view.rerender(
      <MemoryRouter>
        <ChunkErrorMessage error={missing} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Loading chunk login-page failed\./)).not.toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
