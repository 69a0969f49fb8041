import type { ToastKind } from './toast-settings';

type ToastModule = typeof import('./toast-viewport');

let ready = false;
const listeners = new Set<() => void>();
let loading: Promise<ToastModule> | undefined;

/** The toast library arrives with the first notification, not with the page. */
export function loadToasts(): Promise<ToastModule> {
  loading ??= import('./toast-viewport').then(
    (module) => {
      if (!ready) {
        ready = true;
        listeners.forEach((listener) => listener());
      }
      return module;
    },
    (error: unknown) => {
      // The next notification tries again: the network may be back by then.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function show(kind: ToastKind, message: string): void {
  loadToasts().then(
    (module) => module.showToast(kind, message),
    (error: unknown) => console.error(`Could not show the notification "${message}":`, error),
  );
}

/** The one way features show a toast; none of them imports the toast library. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

/** For the toast outlet: whether the library has loaded, and news when it does. */
export const toastsReady = () => ready;
export function onToastsReady(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
