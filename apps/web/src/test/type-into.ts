import userEvent from '@testing-library/user-event';

/** Types into a field as a paste: one input event, which a loaded machine gets through in time. */
export async function typeInto(field: HTMLElement, text: string): Promise<void> {
  await userEvent.click(field);
  await userEvent.paste(text);
}
