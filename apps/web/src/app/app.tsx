import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { currentUserQueryKey, currentUserQueryOptions, userFromPage } from '../lib/api/get-current-user';
import { ToastOutlet } from '../lib/toasts/toast-outlet';
import { LocaleSync } from './locale-sync';
import { requestFirstPageEarly } from './pages';
import { RealtimeBridge } from './realtime-bridge';
import { router } from './router';
import { SessionSync } from './session-sync';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});

// The header and most pages need to know who is signed in. The server says so in the page; when it
// does not (the dev server), ask while the page's code downloads.
const pageUser = userFromPage();
if (pageUser === undefined) queryClient.query(currentUserQueryOptions()).catch(() => undefined);
else queryClient.setQueryData(currentUserQueryKey, pageUser);
requestFirstPageEarly(window.location.pathname, Boolean(pageUser));

if (import.meta.env.VITE_E2E_HOOKS === 'true') void import('./e2e-hooks');

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <RealtimeBridge />
      <SessionSync />
      <LocaleSync />
      <ToastOutlet />
    </QueryClientProvider>
  );
}
