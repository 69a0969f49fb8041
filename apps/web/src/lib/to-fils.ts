import { FILS_PER_DIRHAM } from '@marketplace/contracts';

/** '1,250.5' → 125050 fils; '' → null; anything unreadable counts as no price yet (the review then asks for one). */
export function toFils(text: string): number | null {
  const cleaned = text.replaceAll(/[\s,]/g, '').replaceAll(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x660));
  if (cleaned === '') return null;
  const amount = Number(cleaned);
  return Number.isFinite(amount) ? Math.round(amount * FILS_PER_DIRHAM) : null;
}
