import { ToastContainer, toast } from 'react-toastify';
import { useI18n } from '../i18n/i18n-store';
import { TOAST_DRAG_DISMISS_RATIO, TOAST_LIMIT, TOAST_TIMEOUT_MS, type ToastKind } from './toast-settings';

/** Shows one toast; a toast asked for before the container mounted waits in the library's queue. */
export function showToast(kind: ToastKind, message: string): void {
  toast[kind](message);
}

/**
 * Specification §9: bottom-right, 5 s, close on click, pause on hover and focus loss, drag to dismiss, 20 at
 * most. Right to left, the corner mirrors to bottom-left: the inline end, as everything else does
 * (docs/decisions/013-english-and-arabic.md).
 */
export function ToastViewport() {
  const { dir } = useI18n();
  return (
    <ToastContainer
      position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'}
      rtl={dir === 'rtl'}
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
