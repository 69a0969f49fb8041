/** The toast constants of docs/product/specification.md §9, in one place for the container and for the tests. */
export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_LIMIT = 20;
/** A toast dragged further than this share of its width is dismissed. */
export const TOAST_DRAG_DISMISS_RATIO = 0.6;

export const toastKinds = ['success', 'error', 'info'] as const;
export type ToastKind = (typeof toastKinds)[number];
