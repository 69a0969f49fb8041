import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

const ITEMS = 'a[href], button:not([disabled])';

/**
 * A button that shows and hides a list of links (the WAI-ARIA disclosure pattern, which suits site
 * navigation better than role="menu"): Escape closes it and returns focus to the button, the arrow
 * keys move between the items, and a click or focus outside closes it.
 */
export function useDisclosure<Panel extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<Panel>(null);

  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const items = () => Array.from(panelRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);
  const focusItem = (index: number) => {
    const list = items();
    list.at(index % list.length)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const current = items().findIndex((item) => item === document.activeElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    if (!open) setOpen(true);
    // The panel renders its items on open; focus them once they are in the page.
    requestAnimationFrame(() => focusItem(current === -1 ? (step === 1 ? 0 : -1) : current + step));
  };

  const onBlur = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget)) setOpen(false);
  };

  return {
    open,
    toggle: () => setOpen((value) => !value),
    close,
    rootProps: { ref: rootRef, onKeyDown, onBlur },
    buttonProps: { ref: buttonRef, 'aria-expanded': open, 'aria-controls': panelId },
    panelProps: { ref: panelRef, id: panelId, hidden: !open },
  };
}
