import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { currentUserQueryOptions } from '../features/auth/api/get-current-user';
import { ToastOutlet } from '../lib/toasts/toast-outlet';
import { RealtimeBridge } from './realtime-bridge';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});

// The header and most pages need to know who is signed in: ask while the page's code downloads.
queryClient.query(currentUserQueryOptions()).catch(() => undefined);

if (import.meta.env.VITE_E2E_HOOKS === 'true') void import('./e2e-hooks');

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <RealtimeBridge />
      <ToastOutlet />
    </QueryClientProvider>
  );
}
