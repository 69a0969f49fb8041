import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToasts, onToastsReady, toastsReady } from './notify';

// Rendered only once loadToasts() has succeeded, so this resolves at once and never fails.
const ToastViewport = lazy(async () => ({ default: (await loadToasts()).ToastViewport }));

/** Renders the toast container once the first notification has loaded it. */
export function ToastOutlet() {
  const ready = useSyncExternalStore(onToastsReady, toastsReady);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
