import type { Page } from '@playwright/test';

/** A text input by its accessible name (the required marker is hidden from it). */
export const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** Picks `option` in the react-select labelled `label` by typing it, as a keyboard user would. */
export async function choose(page: Page, label: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  // A multi select stays open for more; close it as a person would before moving on.
  await input.press('Escape');
}

/** Fills the address fields a save requires. */
export async function fillRequiredAddress(page: Page) {
  await field(page, 'Phone number').fill('501234567');
  await field(page, 'Apartment/unit/villa/floor no.').fill('Villa 12');
  await field(page, 'Building/Compound name/no.').fill('Palm Residence');
  await field(page, 'Area').fill('Jumeirah');
}

/** A toast with `text`. */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
