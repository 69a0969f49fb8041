import type { User } from '@marketplace/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../lib/api/get-current-user';
import { layla } from '../test/render-routes';
import { SessionSync } from './session-sync';

const omar: User = { ...layla, id: 2, first_name: 'Omar', email: 'omar@palmtrading.example' };
const otherTab = new BroadcastChannel('marketplace-session');
afterAll(() => otherTab.close());

function tabShowing(user: User) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  queryClient.setQueryData(['user', 'profile'], { first_name: user.first_name });
  queryClient.setQueryData(['cities'], []);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionSync />
    </QueryClientProvider>,
  );
  return { queryClient, view };
}

const cached = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .map((query) => query.queryKey);

describe('a tab hears what another tab of the browser did to the session', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('a logout: it is signed out and keeps nothing of the user', async () => {
    const { queryClient } = tabShowing(layla);
    otherTab.postMessage({ type: 'signed-out' });
    await expect.poll(() => queryClient.getQueryData(currentUserQueryKey)).toBeNull();
    expect(cached(queryClient)).toEqual([currentUserQueryKey]);
  });

  it('a login as someone else: it shows them, and drops the previous user’s answers', async () => {
    const { queryClient } = tabShowing(layla);
    otherTab.postMessage({ type: 'signed-in', user: omar });
    await expect.poll(() => queryClient.getQueryData(currentUserQueryKey)).toEqual(omar);
    expect(cached(queryClient)).toEqual([currentUserQueryKey]);
  });

  it('a login as the same user keeps what it has; anything else on the channel is ignored', async () => {
    const { queryClient } = tabShowing(layla);
    otherTab.postMessage({ type: 'signed-in', user: { name: 'no id' } });
    otherTab.postMessage('signed-out');
    otherTab.postMessage({ type: 'signed-in', user: { ...layla, first_name: 'Layla M.' } });
    await expect.poll(() => queryClient.getQueryData<User>(currentUserQueryKey)?.first_name).toBe('Layla M.');
    expect(cached(queryClient)).toHaveLength(3);
  });

  it('stops listening when the app goes', async () => {
    const { queryClient, view } = tabShowing(layla);
    view.unmount();
    otherTab.postMessage({ type: 'signed-out' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(layla);
  });
});
