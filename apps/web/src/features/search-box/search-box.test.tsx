import type { SearchSuggestions } from '@marketplace/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import arabic from 'virtual:marketplace-messages/ar';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { activateLocale } from '../../lib/i18n/i18n-store';
import { notify } from '../../lib/toasts/notify';
import { ToastOutlet } from '../../lib/toasts/toast-outlet';
import { renderRoutes } from '../../test/render-routes';
import { routedApi, type Received, type Reply } from '../../test/selling-fixtures';
import { SearchBox } from './search-box';

const api = routedApi();

const iphone: SearchSuggestions = {
  titles: ['iPhone 13 Pro', 'iPhone 12'],
  in_categories: [{ slug: 'mobile-phones', name: 'Mobile phones', count: 12 }],
  categories: [{ slug: 'phone-cases', name: 'Phone cases' }],
};

/** The box in a page, the fake API answering suggestions with `answer`; the requests it got. */
function renderBox(answer: (received: Received) => Reply | Promise<Reply> = () => ({ body: { data: iphone } })) {
  const sent = api({ 'GET /api/search/suggestions': answer });
  const view = renderRoutes([
    {
      path: '*',
      element: (
        <>
          <SearchBox />
          <ToastOutlet />
        </>
      ),
    },
  ]);
  const field = screen.getByRole('combobox', { name: 'Search listings' });
  const address = () => `${view.router.state.location.pathname}${view.router.state.location.search}`;
  return { ...view, sent, field, address, user: userEvent.setup() };
}

/** The typed text and the category's name are set apart (Unicode isolates), so each reads in its own direction. */
const inMobilePhones = '\u2068iphone\u2069 in \u2068Mobile phones\u2069';

const queries = (sent: Received[]) => sent.map(({ query }) => query.get('q'));
const options = () => within(screen.getByRole('listbox')).getAllByRole('option');

describe('the header’s search box', () => {
  it('is a search form to /search that works without its suggestions', () => {
    const { field } = renderBox();
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/search');
    expect(form).toHaveAttribute('method', 'get');
    expect(field).toHaveAttribute('name', 'q');
    expect(field).toHaveAttribute('type', 'search');
    expect(field).toHaveAttribute('placeholder', 'What are you looking for?');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveAttribute('aria-autocomplete', 'list');
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
  });

  it('suggests searches, the text in a category, and categories, once the typing pauses', async () => {
    const { field, sent, user } = renderBox();
    await user.type(field, 'iphone');
    const listbox = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field).toHaveAttribute('aria-controls', listbox.id);

    const group = (name: string) =>
      within(within(listbox).getByRole('group', { name }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(group('Search for')).toEqual(['iPhone 13 Pro', 'iPhone 12']);
    expect(group('Search in a category')).toEqual([`${inMobilePhones} 12 listings`]);
    expect(group('Go to a category')).toEqual(['Phone cases']);
    expect(screen.getByRole('status')).toHaveTextContent('4 suggestions');
    // One request for the word, not one per letter.
    expect(queries(sent)).toEqual(['iphone']);
  });

  it('asks from the first character', async () => {
    const { field, sent, user } = renderBox();
    await user.type(field, 'i');
    expect(await screen.findByRole('listbox')).toBeVisible();
    expect(queries(sent)).toEqual(['i']);
  });

  it('moves the highlight with Down and Up, wrapping round, and tells assistive technology which', async () => {
    const { field, user } = renderBox();
    await user.type(field, 'iphone');
    await screen.findByRole('listbox');
    expect(field).not.toHaveAttribute('aria-activedescendant');

    const highlighted = () => {
      const id = field.getAttribute('aria-activedescendant');
      const option = options().find((item) => item.id === id);
      expect(option).toHaveAttribute('aria-selected', 'true');
      expect(options().filter((item) => item.getAttribute('aria-selected') === 'true')).toHaveLength(1);
      return option?.textContent;
    };
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('iPhone 13 Pro');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(highlighted()).toBe('Phone cases');
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('iPhone 13 Pro');
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toBe('Phone cases');
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toBe(`${inMobilePhones} 12 listings`);
    expect(field).toHaveFocus();

    // Typing on starts over from the field.
    await user.type(field, 's');
    expect(field).not.toHaveAttribute('aria-activedescendant');
  });

  it('Enter on a highlighted title searches for that title', async () => {
    const { field, address, user } = renderBox();
    await user.type(field, 'iphone');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(address()).toBe('/search?q=iPhone%2013%20Pro');
    expect(field).toHaveValue('iPhone 13 Pro');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('a click on “… in Mobile phones” searches the typed text within that category', async () => {
    const { field, address, user } = renderBox();
    await user.type(field, 'iphone');
    await user.click(await screen.findByRole('option', { name: `${inMobilePhones} 12 listings` }));
    expect(address()).toBe('/search?q=iphone&category=mobile-phones');
    expect(field).toHaveValue('iphone');
    expect(field).toHaveFocus();
  });

  it('a category goes to its page, and empties the field', async () => {
    const { field, address, user } = renderBox();
    await user.type(field, 'iphone');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(address()).toBe('/c/phone-cases');
    expect(field).toHaveValue('');
  });

  it('Enter with nothing highlighted searches for what was typed, without reloading the page', async () => {
    const { field, address, user } = renderBox();
    // What reaches the document unprevented is what the browser would send as a page load.
    const reload = vi.fn();
    const onSubmit = (event: Event) => {
      if (!event.defaultPrevented) reload();
    };
    document.addEventListener('submit', onSubmit);
    onTestFinished(() => document.removeEventListener('submit', onSubmit));
    await user.type(field, '  iphone 13  ');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toBe('/search?q=iphone%2013'));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('goes nowhere and asks nothing for an empty or blank query', async () => {
    const { field, address, sent, user } = renderBox();
    await user.type(field, '{Enter}');
    await user.type(field, '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(address()).toBe('/');
    expect(sent).toEqual([]);
  });

  it('Escape closes the suggestions, and a second Escape empties the field', async () => {
    const { field, user } = renderBox();
    await user.type(field, 'iphone');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).not.toHaveAttribute('aria-activedescendant');
    expect(field).toHaveValue('iphone');
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('');
  });

  it('closes when focus leaves, by Tab or a click elsewhere', async () => {
    const { field, user } = renderBox();
    await user.type(field, 'iphone');
    await screen.findByRole('listbox');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.type(field, 's');
    await screen.findByRole('listbox');
    await user.click(document.body);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('never shows an older query’s answer that arrives after a newer one', async () => {
    let answerLate = (): void => undefined;
    const { field, sent, user } = renderBox(({ query }) =>
      query.get('q') === 'ip'
        ? new Promise<Reply>((resolve) => {
            answerLate = () =>
              resolve({ body: { data: { titles: ['ip camera'], in_categories: [], categories: [] } } });
          })
        : { body: { data: iphone } },
    );
    await user.type(field, 'ip');
    await waitFor(() => expect(queries(sent)).toEqual(['ip']));
    await user.type(field, 'hone');
    expect(await screen.findByRole('option', { name: 'iPhone 13 Pro' })).toBeInTheDocument();
    // The stale request was cancelled, and its answer, when it comes, changes nothing.
    expect(sent[0]?.request.signal?.aborted).toBe(true);
    await act(async () => {
      answerLate();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('option', { name: 'ip camera' })).not.toBeInTheDocument();
    expect(options()).toHaveLength(4);
  });

  it('shows neither a popup nor an error when the suggestions fail, and still searches', async () => {
    const error = vi.spyOn(notify, 'error');
    const { field, sent, address, user } = renderBox(() => ({ status: 500, body: { message: 'Server Error' } }));
    await user.type(field, 'iphone');
    await waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(error).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Not retried either: the next keystroke asks again.
    expect(sent).toHaveLength(1);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toBe('/search?q=iphone'));
  });

  it('ignores an answer that is not the suggestions’ shape', async () => {
    const { field, sent, user } = renderBox(() => ({ body: { data: { titles: 'iPhone' } } }));
    await user.type(field, 'iphone');
    await waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows the search the address holds on the results page', () => {
    api({});
    renderRoutes([{ path: '*', element: <SearchBox /> }], { path: '/search?q=red%20bike&category=bicycles' });
    expect(screen.getByRole('combobox', { name: 'Search listings' })).toHaveValue('red bike');
  });

  it('speaks Arabic when the page does', async () => {
    activateLocale('ar', arabic);
    const user = userEvent.setup();
    api({ 'GET /api/search/suggestions': () => ({ body: { data: iphone } }) });
    renderRoutes([{ path: '*', element: <SearchBox /> }]);
    const field = screen.getByRole('combobox', { name: 'ابحث في الإعلانات' });
    expect(field).toHaveAttribute('placeholder', 'عمّ تبحث؟');
    expect(screen.getByRole('button', { name: 'بحث' })).toBeInTheDocument();
    await user.type(field, 'iphone');
    const listbox = await screen.findByRole('listbox', { name: 'اقتراحات البحث' });
    expect(within(listbox).getByRole('group', { name: 'ابحث عن' })).toBeInTheDocument();
    expect(within(listbox).getByRole('group', { name: 'انتقل إلى فئة' })).toBeInTheDocument();
    const inCategory = within(listbox).getByRole('group', { name: 'ابحث داخل فئة' });
    expect(within(inCategory).getByRole('option')).toHaveTextContent('\u2068iphone\u2069 في \u2068Mobile phones\u2069');
    expect(screen.getByRole('status')).toHaveTextContent('4 اقتراحات');
  });
});
