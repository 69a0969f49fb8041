import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { Received, Reply } from '../../test/selling-fixtures';

/**
 * The fake API of a back-office list (PagedList): `items`, newest (highest id) first, 50 a page
 * before the cursor, which is the last id of the page before.
 */
export function cursorPages(items: readonly { id: number }[]) {
  return ({ query }: Received): Reply => {
    const before = Number(query.get('cursor') ?? Infinity);
    const chosen = items.filter((item) => item.id < before);
    const page = chosen.slice(0, 50);
    return { body: { data: page, next_cursor: chosen.length > 50 ? String(page.at(-1)?.id) : null } };
  };
}

/** The rows of the table named `name`, once it shows, its head left out. */
export async function tableRows(name: string): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', { name });
  return within(table).getAllByRole('row').slice(1);
}

/** A list with no row. */
export const noRows = (): Reply => ({ body: { data: [], next_cursor: null } });

/** The API refusing a filter as the server does (422, the catalogue's message under the field). */
export const refusedFilter = (field: string): Reply => ({
  status: 422,
  body: { message: 'The given data was invalid.', errors: { [field]: ['{"key":"laravel.invalidValue"}'] } },
});

type RenderAt = (path: string, list: (received: Received) => Reply) => { unmount: () => void };

/**
 * A list's states, as its screen says them: nothing matching its filters (`filtered`: an address and
 * the words), nothing at all (`none`), a filter the API refused (`refused`: an address and the field),
 * each said in place of the table.
 */
export async function expectEmptyAndRefused(
  renderAt: RenderAt,
  { filtered, none, refused }: { filtered: [string, string]; none: [string, string]; refused: [string, string] },
) {
  for (const [path, words] of [filtered, none]) {
    const view = renderAt(path, noRows);
    expect(await screen.findByText(words)).toHaveAttribute('role', 'status');
    view.unmount();
  }
  renderAt(refused[0], () => refusedFilter(refused[1]));
  expect(await screen.findByRole('alert')).toHaveTextContent('The value is not valid.');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
}

/** A list that could not be loaded says so (`failed`), and Try again brings its first page. */
export async function expectFailedThenRetried(
  renderAt: RenderAt,
  path: string,
  items: readonly { id: number }[],
  failed: string,
  rows: () => Promise<HTMLElement[]>,
) {
  let fail = true;
  renderAt(path, (received) => (fail ? { status: 500, body: {} } : cursorPages(items)(received)));
  expect(await screen.findByRole('alert')).toHaveTextContent(failed);
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await rows()).toHaveLength(50);
}
