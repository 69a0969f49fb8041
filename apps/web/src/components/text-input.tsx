import { characterCount } from '@marketplace/contracts';
import {
  useCallback,
  useId,
  useRef,
  useSyncExternalStore,
  type ChangeEvent,
  type ComponentPropsWithRef,
  type CompositionEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useI18n, type I18n } from '../lib/i18n/i18n-store';

/** docs/product/specification.md §5: a text input takes up to 5000 characters unless told otherwise. */
export const TEXT_INPUT_MAX_LENGTH = 5000;

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'maxLength'> {
  /**
   * The most characters the input takes, counted as the rules count them (an emoji is one); typing
   * and pasting stop there. Not the HTML attribute, which counts UTF-16 units.
   */
  maxLength?: number;
  /** Shows under the input how many characters are left, and tells screen readers once few are. */
  showRemaining?: boolean;
  /** Called when Enter is pressed, in place of submitting the form. */
  onEnter?: (event: KeyboardEvent<HTMLInputElement>) => void;
}

const remainingText = ({ t }: I18n, remaining: number) =>
  remaining < 0 ? t('textInput.tooMany', { count: -remaining }) : t('textInput.remaining', { count: remaining });

/** From how many characters left on the count is read out: 20, or a fifth of a short limit. */
const fewRemaining = (limit: number) => Math.min(20, Math.ceil(limit / 5));

/**
 * `next` with only as much of what was typed or pasted into `previous` as fits in `limit` characters,
 * and where the caret goes: what the HTML maxlength does, in code points.
 */
function fitToLimit(previous: string, next: string, limit: number): { value: string; caret: number } {
  const before = Array.from(previous);
  const after = Array.from(next);
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let kept = 0;
  while (
    kept < before.length - start &&
    kept < after.length - start &&
    before[before.length - 1 - kept] === after[after.length - 1 - kept]
  ) {
    kept++;
  }
  const inserted = after.slice(start, after.length - kept);
  const room = Math.max(0, limit - (after.length - inserted.length));
  const head = [...after.slice(0, start), ...inserted.slice(0, room)].join('');
  return { value: head + after.slice(after.length - kept).join(''), caret: head.length };
}

/** Sets the value past React's record of it, so that the input event dispatched next reads as a change. */
function setValueAsTyped(element: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The input's text as the DOM holds it, so the count follows react-hook-form's uncontrolled inputs,
 * whose values it sets directly (default values, reset): read on every render and after each change.
 */
function useInputText(input: RefObject<HTMLInputElement | null>) {
  const listeners = useRef(new Set<() => void>());
  const subscribe = useCallback((listener: () => void) => {
    const all = listeners.current;
    all.add(listener);
    return () => {
      all.delete(listener);
    };
  }, []);
  const text = useSyncExternalStore(
    subscribe,
    () => input.current?.value ?? '',
    () => '',
  );
  const changed = useCallback(() => {
    for (const listener of listeners.current) listener();
  }, []);
  return { text, changed };
}

/** A single-line text input with a character limit, an optional count of what is left, and an Enter event. */
export function TextInput({
  maxLength = TEXT_INPUT_MAX_LENGTH,
  showRemaining = false,
  onEnter,
  onChange,
  onKeyDown,
  onCompositionStart,
  onCompositionEnd,
  ref,
  'aria-describedby': describedBy,
  ...inputProps
}: TextInputProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const i18n = useI18n();
  const { text, changed } = useInputText(input);
  const countId = useId();
  const textBeforeComposition = useRef<string | undefined>(undefined);
  const remaining = maxLength - characterCount(text);

  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const element = event.currentTarget;
    // Changing the text mid-composition would break the input method; it is fitted when composition ends.
    const composing = event.nativeEvent instanceof InputEvent && event.nativeEvent.isComposing;
    if (!composing && characterCount(element.value) > maxLength) {
      const fitted = fitToLimit(text, element.value, maxLength);
      element.value = fitted.value;
      if (element.selectionStart !== null) element.setSelectionRange(fitted.caret, fitted.caret);
    }
    onChange?.(event);
    changed();
  };

  const handleCompositionStart = (event: CompositionEvent<HTMLInputElement>) => {
    textBeforeComposition.current = text;
    onCompositionStart?.(event);
  };

  const handleCompositionEnd = (event: CompositionEvent<HTMLInputElement>) => {
    onCompositionEnd?.(event);
    const element = event.currentTarget;
    const before = textBeforeComposition.current ?? text;
    textBeforeComposition.current = undefined;
    if (characterCount(element.value) <= maxLength) return;
    const fitted = fitToLimit(before, element.value, maxLength);
    setValueAsTyped(element, fitted.value);
    if (element.selectionStart !== null) element.setSelectionRange(fitted.caret, fitted.caret);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    // The Enter that ends an input method's composition is not the user's Enter.
    if (!onEnter || event.key !== 'Enter' || event.nativeEvent.isComposing || event.defaultPrevented) return;
    event.preventDefault();
    onEnter(event);
  };

  return (
    <>
      <input
        {...inputProps}
        ref={setInput}
        aria-describedby={[describedBy, showRemaining && countId].filter(Boolean).join(' ') || undefined}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onCompositionStart={handleCompositionStart}
        onCompositionEnd={handleCompositionEnd}
      />
      {showRemaining && (
        <>
          <div id={countId} className={`form-text text-end${remaining <= 0 ? ' text-danger' : ''}`}>
            {remainingText(i18n, remaining)}
          </div>
          <div role="status" className="visually-hidden">
            {remaining <= fewRemaining(maxLength) ? remainingText(i18n, remaining) : ''}
          </div>
        </>
      )}
    </>
  );
}
