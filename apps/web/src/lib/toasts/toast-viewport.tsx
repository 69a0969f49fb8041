import { ToastContainer, toast } from 'react-toastify';
import { TOAST_DRAG_DISMISS_RATIO, TOAST_LIMIT, TOAST_TIMEOUT_MS, type ToastKind } from './toast-settings';

/** Shows one toast; a toast asked for before the container mounted waits in the library's queue. */
export function showToast(kind: ToastKind, message: string): void {
  toast[kind](message);
}

/** SPEC §9: bottom-right, 5 s, close on click, pause on hover and focus loss, drag to dismiss, 20 at most. */
export function ToastViewport() {
  return (
    <ToastContainer
      position="bottom-right"
      autoClose={TOAST_TIMEOUT_MS}
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={TOAST_DRAG_DISMISS_RATIO * 100}
      limit={TOAST_LIMIT}
      newestOnTop
      theme="colored"
    />
  );
}
