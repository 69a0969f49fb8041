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

/** The labels of the address fields a save requires, in each language. */
export const requiredAddressLabels = {
  en: ['Phone number', 'Apartment/unit/villa/floor no.', 'Building/Compound name/no.', 'Area'],
  ar: ['رقم الهاتف', 'رقم الشقة/الوحدة/الفيلا/الطابق', 'اسم/رقم المبنى أو المجمّع', 'المنطقة'],
} as const;

/** Fills the address fields a save requires, found by their labels in `language`. */
export async function fillRequiredAddress(page: Page, language: keyof typeof requiredAddressLabels = 'en') {
  const [phone, flat, building, area] = requiredAddressLabels[language];
  await field(page, phone).fill('501234567');
  await field(page, flat).fill('Villa 12');
  await field(page, building).fill('Palm Residence');
  await field(page, area).fill('Jumeirah');
}

/** A toast with `text`. */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
