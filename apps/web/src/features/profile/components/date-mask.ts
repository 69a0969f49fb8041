/** Specification §2's ##/##/#### mask: digits only, a slash after the day and after the month, 8 digits at most. */
export function maskDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter((part) => part !== '');
  return parts.join('/');
}

/** Where the caret goes in `masked` so that `digitsBefore` digits stay in front of it. */
export function caretAfterDigits(masked: string, digitsBefore: number): number {
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let index = 0; index < masked.length; index += 1) {
    if (/\d/.test(masked.charAt(index))) seen += 1;
    if (seen === digitsBefore) return index + 1;
  }
  return masked.length;
}
