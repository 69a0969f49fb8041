import type { Direction } from '@marketplace/contracts/i18n';

/**
 * Loads Bootstrap's stylesheet for `dir` (the build names both in `<link id="direction-styles">`)
 * and drops the other only once it has arrived, so the page is never unstyled in between.
 */
export async function applyDirectionStyles(dir: Direction): Promise<void> {
  const current = document.getElementById('direction-styles');
  if (!(current instanceof HTMLLinkElement)) return;
  const href = current.dataset[dir];
  if (!href || current.getAttribute('href') === href) return;
  const next = current.cloneNode() as HTMLLinkElement;
  next.href = href;
  await new Promise<void>((resolve, reject) => {
    next.onload = () => resolve();
    next.onerror = () => reject(new Error(`The stylesheet ${href} could not be loaded.`));
    current.after(next);
  });
  current.remove();
}
