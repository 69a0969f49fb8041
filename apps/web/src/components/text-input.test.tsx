import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type ChangeEvent, type KeyboardEvent, type SyntheticEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import arabic from 'virtual:marketplace-messages/ar';
import { activateLocale } from '../lib/i18n/i18n-store';
import { TextInput, type TextInputProps } from './text-input';

function renderInput(props: TextInputProps = {}) {
  render(<TextInput aria-label="Bio" {...props} />);
  return { user: userEvent.setup(), input: screen.getByRole<HTMLInputElement>('textbox', { name: 'Bio' }) };
}

describe('TextInput limit', () => {
  it('takes up to 5000 characters by default', async () => {
    const { user, input } = renderInput();
    await user.click(input);
    await user.paste('a'.repeat(5001));
    expect(input).toHaveValue('a'.repeat(5000));
  });

  it('stops typing at the limit', async () => {
    const { user, input } = renderInput({ maxLength: 3 });
    await user.type(input, 'abcd');
    expect(input).toHaveValue('abc');
  });

  it.each([
    { pasted: '😀😀😀😀', kept: '😀😀😀' },
    { pasted: 'محمد علي', kept: 'محم' },
    { pasted: '٠١٢٣', kept: '٠١٢' },
  ])('counts characters as the rules do, keeping "$kept" of "$pasted"', async ({ pasted, kept }) => {
    const { user, input } = renderInput({ maxLength: 3 });
    await user.click(input);
    await user.paste(pasted);
    expect(input).toHaveValue(kept);
  });

  it('keeps what fits of a paste in the middle, and the text after it', async () => {
    const { user, input } = renderInput({ maxLength: 5, defaultValue: 'abc' });
    await user.click(input);
    input.setSelectionRange(1, 1);
    await user.paste('XYZ');
    expect(input).toHaveValue('aXYbc');
    expect(input.selectionStart).toBe(3);
  });

  it('replaces a selection with what fits in its place', async () => {
    const { user, input } = renderInput({ maxLength: 4, defaultValue: 'abcd' });
    await user.click(input);
    input.setSelectionRange(1, 3);
    await user.paste('WXYZ');
    expect(input).toHaveValue('aWXd');
  });

  it('lets a text already over the limit be shortened but not lengthened', async () => {
    const { user, input } = renderInput({ maxLength: 3, defaultValue: 'abcdef' });
    await user.click(input);
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('abcde');
    await user.keyboard('x');
    expect(input).toHaveValue('abcde');
  });

  it('leaves the text alone while an input method composes it, and fits it when composition ends', () => {
    const onChange = vi.fn((event: ChangeEvent<HTMLInputElement>) => event.target.value);
    const { input } = renderInput({ maxLength: 3, defaultValue: 'ab', onChange });
    fireEvent.compositionStart(input);
    fireEvent.input(input, { target: { value: 'ab日本' }, isComposing: true });
    expect(input).toHaveValue('ab日本');
    fireEvent.compositionEnd(input);
    expect(input).toHaveValue('ab日');
    expect(onChange).toHaveLastReturnedWith('ab日');
  });

  it('gives its own onChange the text as fitted', async () => {
    const onChange = vi.fn((event: ChangeEvent<HTMLInputElement>) => event.target.value);
    const { user, input } = renderInput({ maxLength: 2, onChange });
    await user.click(input);
    await user.paste('abc');
    expect(onChange).toHaveLastReturnedWith('ab');
  });

  it('does not put the UTF-16 maxlength attribute on the input', () => {
    const { input } = renderInput({ maxLength: 3 });
    expect(input).not.toHaveAttribute('maxlength');
  });
});

describe('TextInput remaining count', () => {
  it('says how many characters are left, as part of the input’s description', async () => {
    const { user, input } = renderInput({ maxLength: 10, showRemaining: true });
    expect(input).toHaveAccessibleDescription('10 characters remaining');
    await user.type(input, 'abc');
    expect(screen.getByText('7 characters remaining')).toBeVisible();
    await user.type(input, 'abcdef');
    expect(input).toHaveAccessibleDescription('1 character remaining');
  });

  it('writes large numbers with separators', () => {
    renderInput({ showRemaining: true });
    expect(screen.getByText('5,000 characters remaining')).toBeInTheDocument();
  });

  it('counts a text set before the input was shown', () => {
    renderInput({ maxLength: 10, showRemaining: true, defaultValue: '😀😀' });
    expect(screen.getByText('8 characters remaining')).toBeInTheDocument();
  });

  it('says by how much a text set from outside is over the limit', () => {
    const { input } = renderInput({ maxLength: 3, showRemaining: true, defaultValue: 'abcde' });
    expect(input).toHaveAccessibleDescription('2 characters too many');
    expect(screen.getByRole('status')).toHaveTextContent('2 characters too many');
  });

  it('keeps its own description after the one it is given', () => {
    render(
      <>
        <p id="bio-hint">A few words</p>
        <TextInput aria-label="Bio" aria-describedby="bio-hint" maxLength={10} showRemaining />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveAccessibleDescription(
      'A few words 10 characters remaining',
    );
  });

  it('announces the count only once few characters are left', async () => {
    const { user, input } = renderInput({ maxLength: 100, showRemaining: true });
    const status = screen.getByRole('status');
    await user.click(input);
    await user.paste('a'.repeat(79));
    expect(status).toHaveTextContent('');
    await user.type(input, 'b');
    expect(status).toHaveTextContent('20 characters remaining');
    await user.type(input, 'c'.repeat(25));
    expect(status).toHaveTextContent('0 characters remaining');
  });

  it.each([
    { typed: 8, announced: '' },
    { typed: 9, announced: '3 characters remaining' },
  ])('for a 12-character limit, announces after $typed typed: "$announced"', async ({ typed, announced }) => {
    const { user, input } = renderInput({ maxLength: 12, showRemaining: true });
    await user.type(input, '1'.repeat(typed));
    expect(screen.getByRole('status')).toHaveTextContent(announced);
  });

  it('counts in Arabic with Arabic’s plural forms, and re-words the count on a switch, keeping the text', async () => {
    const { user, input } = renderInput({ maxLength: 13, showRemaining: true });
    await user.type(input, 'ab');
    expect(screen.getByText('11 characters remaining')).toBeVisible();
    act(() => activateLocale('ar', arabic));
    expect(input).toHaveValue('ab');
    expect(screen.getByText('تبقّى 11 حرفًا')).toBeVisible();
    await user.type(input, 'cdefghijk');
    expect(input).toHaveAccessibleDescription('تبقّى حرفان');
    expect(screen.getByRole('status')).toHaveTextContent('تبقّى حرفان');
    await user.type(input, 'lm');
    expect(input).toHaveAccessibleDescription('لم يتبقَّ أي حرف');
  });

  it('shows and announces nothing unless asked', async () => {
    const { user, input } = renderInput({ maxLength: 3 });
    await user.type(input, 'abc');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/remaining/)).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});

describe('TextInput Enter', () => {
  function renderInForm(props: TextInputProps) {
    const onSubmit = vi.fn((event: SyntheticEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <TextInput aria-label="Search" {...props} />
        <button type="submit">Search</button>
      </form>,
    );
    return { user: userEvent.setup(), input: screen.getByRole('textbox', { name: 'Search' }), onSubmit };
  }

  it('raises onEnter in place of submitting the form', async () => {
    const onEnter = vi.fn((event: KeyboardEvent<HTMLInputElement>) => event.currentTarget.value);
    const { user, input, onSubmit } = renderInForm({ onEnter });
    await user.type(input, 'lamp{Enter}');
    expect(onEnter).toHaveBeenCalledOnce();
    expect(onEnter).toHaveLastReturnedWith('lamp');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the form as usual without an onEnter handler', async () => {
    const { user, input, onSubmit } = renderInForm({});
    await user.type(input, 'lamp{Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('raises nothing for other keys', async () => {
    const onEnter = vi.fn();
    const { user, input } = renderInForm({ onEnter });
    await user.type(input, 'a{Tab}');
    expect(onEnter).not.toHaveBeenCalled();
  });

  it.each([
    { isComposing: true, raised: 0 },
    { isComposing: false, raised: 1 },
  ])('with isComposing $isComposing, Enter raises onEnter $raised times', ({ isComposing, raised }) => {
    const onEnter = vi.fn();
    const { input } = renderInForm({ onEnter });
    fireEvent.keyDown(input, { key: 'Enter', isComposing });
    expect(onEnter).toHaveBeenCalledTimes(raised);
  });

  it('leaves Enter alone when its own onKeyDown has handled it', async () => {
    const onEnter = vi.fn();
    const onKeyDown = vi.fn((event: KeyboardEvent) => event.preventDefault());
    const { user, input } = renderInForm({ onEnter, onKeyDown });
    await user.type(input, '{Enter}');
    expect(onKeyDown).toHaveBeenCalledOnce();
    expect(onEnter).not.toHaveBeenCalled();
  });
});

describe('TextInput ref', () => {
  it('hands the input element to an object ref and a callback ref', () => {
    const objectRef = createRef<HTMLInputElement>();
    const callbackRef = vi.fn();
    render(
      <>
        <TextInput aria-label="One" ref={objectRef} />
        <TextInput aria-label="Two" ref={callbackRef} />
      </>,
    );
    expect(objectRef.current).toBe(screen.getByRole('textbox', { name: 'One' }));
    expect(callbackRef).toHaveBeenCalledWith(screen.getByRole('textbox', { name: 'Two' }));
  });
});
