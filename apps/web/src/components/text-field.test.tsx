import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { TextField, type TextFieldProps } from './text-field';

interface BioForm {
  bio: string;
}

type FieldProps = Omit<TextFieldProps, 'label' | 'registration' | 'error'>;

function BioFormHarness({ onSave, ...fieldProps }: FieldProps & { onSave: (values: BioForm) => void }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<BioForm>({ defaultValues: { bio: '' } });
  return (
    <form onSubmit={(event) => void handleSubmit(onSave)(event)} noValidate>
      <TextField
        label="Bio"
        registration={register('bio', { required: 'The Bio field is required' })}
        error={errors.bio}
        {...fieldProps}
      />
      <button type="submit">Save</button>
      <button type="button" onClick={() => reset({ bio: 'Hello' })}>
        Load
      </button>
    </form>
  );
}

function renderField(props: FieldProps = {}) {
  const onSave = vi.fn();
  render(<BioFormHarness onSave={onSave} {...props} />);
  return { user: userEvent.setup(), input: screen.getByRole('textbox', { name: 'Bio' }), onSave };
}

describe('TextField', () => {
  it('names the input by its label, with the required marker hidden from screen readers', () => {
    const { input } = renderField({ required: true });
    expect(input).toBeRequired();
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('does not mark an optional field as required', () => {
    const { input } = renderField();
    expect(input).not.toBeRequired();
    expect(screen.queryByText('*')).not.toBeInTheDocument();
  });

  it('describes the input by its hint', () => {
    const { input } = renderField({ hint: 'A few words about you.' });
    expect(input).toHaveAccessibleDescription('A few words about you.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error under the input, marks it invalid and adds the error to its description', async () => {
    const { user, input, onSave } = renderField({ hint: 'A few words about you.' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('A few words about you. The Bio field is required');
  });

  it('gives react-hook-form what was typed', async () => {
    const { user, input, onSave } = renderField();
    await user.type(input, 'Zoë محمد 😀');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ bio: 'Zoë محمد 😀' }, expect.anything());
  });

  it('gives react-hook-form the text cut to the limit', async () => {
    const { user, input, onSave } = renderField({ maxLength: 3 });
    await user.click(input);
    await user.paste('abcdef');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ bio: 'abc' }, expect.anything());
  });

  it('takes 5000 characters by default', async () => {
    const { user, input } = renderField();
    await user.click(input);
    await user.paste('x'.repeat(5005));
    expect(input).toHaveValue('x'.repeat(5000));
  });

  it('counts what is left after the hint and the error, and follows a reset of the form', async () => {
    const { user, input } = renderField({ hint: 'A few words about you.', showRemaining: true });
    expect(input).toHaveAccessibleDescription('A few words about you. 5,000 characters remaining');
    await user.click(screen.getByRole('button', { name: 'Load' }));
    expect(input).toHaveValue('Hello');
    expect(input).toHaveAccessibleDescription('A few words about you. 4,995 characters remaining');
  });

  it('raises onEnter without saving the form', async () => {
    const onEnter = vi.fn();
    const { user, input, onSave } = renderField({ onEnter });
    await user.type(input, 'Hi{Enter}');
    expect(onEnter).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the form on Enter without an onEnter handler', async () => {
    const { user, input, onSave } = renderField();
    await user.type(input, 'Hi{Enter}');
    expect(onSave).toHaveBeenCalledWith({ bio: 'Hi' }, expect.anything());
  });

  it('marks the input invalid without a dangling description for an error without a message', () => {
    render(
      <TextField
        label="Bio"
        registration={{ name: 'bio', onChange: vi.fn(), onBlur: vi.fn(), ref: vi.fn() }}
        error={{ type: 'validate' }}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Bio' });
    expect(input).toBeInvalid();
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});
