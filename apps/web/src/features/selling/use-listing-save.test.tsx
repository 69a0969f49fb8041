import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { draft, routedApi } from '../../test/selling-fixtures';
import { toListingValues, toWizardValues } from './listing-form-values';
import { hasUnsentChanges, resendUnsentChanges, useListingSave } from './use-listing-save';

const api = routedApi();

function renderSave(auto: boolean) {
  const saved = toListingValues(toWizardValues(draft({ id: 5, title: 'iPhone' })), []);
  let current = saved;
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => useListingSave(5, saved, () => current, { auto, onFailure: () => undefined }), { wrapper });
  return (title: string) => (current = { ...current, title });
}

describe('the save as the page goes away', () => {
  it('sends what changed in a request that outlives the page, with the client’s headers', () => {
    document.head.innerHTML = '<meta name="csrf-token" content="token">';
    const sent = api({ 'PATCH /api/listings/5': () => ({ body: { data: draft({ id: 5 }) } }) });
    const type = renderSave(true);
    type('iPhone 13');
    window.dispatchEvent(new Event('pagehide'));
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PATCH', path: '/api/listings/5', body: { title: 'iPhone 13' } },
    ]);
    expect(sent[0]?.request.keepalive).toBe(true);
    expect(sent[0]?.request.headers.get('X-CSRF-TOKEN')).toBe('token');
  });

  it('sends nothing when nothing changed, or for a live listing (saved only when asked)', () => {
    const sent = api({});
    renderSave(true);
    window.dispatchEvent(new Event('pagehide'));
    renderSave(false)('iPhone 13');
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([]);
  });

  it('keeps what it sent in the tab, and the next page sends it again once before reading the listing', async () => {
    sessionStorage.clear();
    const sent = api({ 'PATCH /api/listings/5': () => ({ body: { data: draft({ id: 5 }) } }) });
    renderSave(true)('iPhone 13');
    window.dispatchEvent(new Event('pagehide'));
    expect(hasUnsentChanges(5)).toBe(true);
    await resendUnsentChanges(5);
    expect(hasUnsentChanges(5)).toBe(false);
    await resendUnsentChanges(5);
    expect(sent.map(({ body, request }) => ({ body, keepalive: request.keepalive === true }))).toEqual([
      { body: { title: 'iPhone 13' }, keepalive: true },
      { body: { title: 'iPhone 13' }, keepalive: false },
    ]);
  });

  it('does not send again changes more than a minute old: newer ones may have been made elsewhere', async () => {
    sessionStorage.clear();
    sessionStorage.setItem(
      'marketplace.unsent-listing-changes.5',
      JSON.stringify({ at: Date.now() - 61_000, changes: { title: 'Old' } }),
    );
    const sent = api({});
    await resendUnsentChanges(5);
    expect(sent).toEqual([]);
    expect(hasUnsentChanges(5)).toBe(false);
  });
});
