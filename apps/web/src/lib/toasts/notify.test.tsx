import { act, render, screen, waitFor } from '@testing-library/react';
import arabic from 'virtual:marketplace-messages/ar';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n/i18n-store';
import { notify } from './notify';
import { ToastOutlet } from './toast-outlet';

const toasts = () => screen.queryAllByRole('alert');

describe('notify', () => {
  it('shows success, error and info toasts, loading the container on first use', async () => {
    render(<ToastOutlet />);
    expect(toasts()).toHaveLength(0);

    notify.success('Profile updated');
    notify.error('The given data was invalid.');
    notify.info('You have logged out.');

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(screen.getByText('The given data was invalid.').closest('.Toastify__toast')).toHaveClass(
      'Toastify__toast--error',
    );
    expect(screen.getByText('You have logged out.').closest('.Toastify__toast')).toHaveClass('Toastify__toast--info');
    expect(screen.getByText('Profile updated').closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');
  });

  it('shows them bottom-right, where a screen reader hears them', async () => {
    render(<ToastOutlet />);
    notify.info('Saved as draft');
    const toast = (await screen.findByText('Saved as draft')).closest('[role="alert"]');
    expect(toast).not.toBeNull();
    expect(toast?.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--bottom-right');
  });

  it('shows them bottom-left right to left, the corner at the end of the line in Arabic', async () => {
    render(<ToastOutlet />);
    act(() => activateLocale('ar', arabic));
    notify.success('تم تحديث الملف الشخصي');
    const container = (await screen.findByText('تم تحديث الملف الشخصي')).closest('.Toastify__toast-container');
    expect(container).toHaveClass('Toastify__toast-container--bottom-left');
    expect(container).toHaveClass('Toastify__toast-container--rtl');
  });

  it('shows at most 20 at once (closing one lets the next in: see tests/e2e/shell-toasts.spec.ts)', async () => {
    render(<ToastOutlet />);
    for (let index = 1; index <= 25; index += 1) notify.info(`Message ${index}`);
    await waitFor(() => expect(toasts()).toHaveLength(20));
    expect(screen.getByText('Message 20')).toBeInTheDocument();
    expect(screen.queryByText('Message 21')).not.toBeInTheDocument();
  });
});
