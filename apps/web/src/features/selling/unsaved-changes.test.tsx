import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-routes';
import { UnsavedChangesGuard } from './unsaved-changes';

function editPage(hasUnsaved: () => boolean, save: () => Promise<boolean> = () => Promise.resolve(true)) {
  return renderRoutes(
    [
      {
        path: '/items/7/edit',
        element: (
          <>
            <UnsavedChangesGuard hasUnsaved={hasUnsaved} save={save} />
            <Link to="/account/items">My listings</Link>
            <Link to="/items/7/edit?step=price">Price</Link>
          </>
        ),
      },
      { path: '/account/items', element: <h1>My listings page</h1> },
    ],
    { path: '/items/7/edit' },
  );
}

const where = (router: ReturnType<typeof editPage>['router']) =>
  router.state.location.pathname + router.state.location.search;

describe('UnsavedChangesGuard', () => {
  it('asks before another page of the app is opened over unsaved changes; Stay keeps the page', async () => {
    const { router } = editPage(() => true);
    await userEvent.click(screen.getByRole('link', { name: 'My listings' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Your changes are not saved' });
    expect(dialog).toHaveAccessibleDescription('Leave now and the changes to this listing are lost.');
    expect(screen.getByRole('button', { name: 'Stay on this page' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(where(router)).toBe('/items/7/edit');
  });

  it('Escape stays too', async () => {
    const { router } = editPage(() => true);
    await userEvent.click(screen.getByRole('link', { name: 'My listings' }));
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(where(router)).toBe('/items/7/edit');
  });

  it('leaves without saving when asked to', async () => {
    const save = vi.fn(() => Promise.resolve(true));
    const { router } = editPage(() => true, save);
    await userEvent.click(screen.getByRole('link', { name: 'My listings' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'My listings page' })).toBeInTheDocument();
    expect(where(router)).toBe('/account/items');
    expect(save).not.toHaveBeenCalled();
  });

  it('saves and then leaves; a save that fails keeps the user on the page with their changes', async () => {
    const save = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const { router } = editPage(() => true, save);
    await userEvent.click(screen.getByRole('link', { name: 'My listings' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save and leave' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(where(router)).toBe('/items/7/edit');

    await userEvent.click(screen.getByRole('link', { name: 'My listings' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save and leave' }));
    expect(await screen.findByRole('heading', { name: 'My listings page' })).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('asks nothing between the wizard’s steps, nor when everything is saved', async () => {
    let unsaved = true;
    const { router } = editPage(() => unsaved);
    await userEvent.click(screen.getByRole('link', { name: 'Price' }));
    expect(where(router)).toBe('/items/7/edit?step=price');
    unsaved = false;
    await userEvent.click(screen.getByRole('link', { name: 'My listings' }));
    expect(await screen.findByRole('heading', { name: 'My listings page' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('has the browser ask before the tab closes or reloads over unsaved changes, and only then', () => {
    let unsaved = true;
    editPage(() => unsaved);
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(true);
    unsaved = false;
    expect(leave()).toBe(false);
  });
});
