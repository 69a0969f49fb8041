import type { ContentPage, HelpQuestion, HelpTopic, HelpVotes } from '@marketplace/contracts/help-essentials';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render-routes';
import { routedApi } from '../../test/selling-fixtures';
import { ContentPage as ContentPageView } from './content-page';
import { HelpPage } from './help-page';
import { HelpQuestionPage } from './help-question-page';

const api = routedApi();

const topics: HelpTopic[] = [
  {
    slug: 'offers-and-orders',
    name: 'Offers and orders',
    questions: [{ id: 8, slug: 'how-do-offers-work', topic: 'offers-and-orders', question: 'How do offers work?' }],
  },
  {
    slug: 'account-and-privacy',
    name: 'Account and privacy',
    questions: [
      {
        id: 16,
        slug: 'how-do-i-delete-my-account',
        topic: 'account-and-privacy',
        question: 'How do I delete my account?',
      },
    ],
  },
];

const question = (votes: HelpVotes): HelpQuestion => ({
  id: 8,
  slug: 'how-do-offers-work',
  topic: { slug: 'offers-and-orders', name: 'Offers and orders' },
  question: 'How do offers work?',
  answer: [
    {
      type: 'p',
      spans: [
        { text: 'At most ' },
        { text: '3 prices', strong: true },
        { text: '. Read ' },
        { text: 'the tips', href: '/safety' },
      ],
    },
    { type: 'ul', items: [[{ text: '<script>alert(1)</script>' }]] },
  ],
  votes,
  related: [{ id: 9, slug: 'can-i-cancel', topic: 'offers-and-orders', question: 'Can I cancel?' }],
});

describe('the help centre', () => {
  it('lists the topics and searches, the search in the address, a corrected search said so', async () => {
    const sent = api({
      'GET /api/help': () => ({ body: { data: { topics } } }),
      'GET /api/help/search': () => ({
        body: { data: [topics[0]?.questions[0]], corrected_query: 'offer' },
      }),
    });
    renderRoutes([{ path: '/help', element: <HelpPage /> }], { path: '/help', user: null });
    expect(await screen.findByRole('heading', { name: 'Offers and orders' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How do I delete my account?' })).toHaveAttribute(
      'href',
      '/help/how-do-i-delete-my-account',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the help centre' }), 'ofer');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText(
        (_, element) => element?.tagName === 'P' && element.textContent === 'Showing answers for “offer”',
      ),
    ).toBeInTheDocument();
    // The words searched for are the person's, marked as theirs.
    expect(screen.getByText('ofer', { selector: 'bdi' })).toHaveAttribute('data-user-content');
    const results = screen.getByRole('heading', { name: 'Answers for “ofer”' }).closest('section') as HTMLElement;
    expect(within(results).getByRole('link', { name: 'How do offers work?' })).toBeInTheDocument();
    expect(sent.find((request) => request.path === '/api/help/search')?.query.get('q')).toBe('ofer');
  });

  it('says when nothing matches, with a way to ask the team', async () => {
    api({
      'GET /api/help': () => ({ body: { data: { topics } } }),
      'GET /api/help/search': () => ({ body: { data: [], corrected_query: null } }),
    });
    renderRoutes([{ path: '/help', element: <HelpPage /> }], { path: '/help?q=zzz', user: null });
    expect(await screen.findByText(/No answer matches these words/)).toBeInTheDocument();
    const results = screen.getByRole('heading', { name: 'Answers for “zzz”' }).closest('section') as HTMLElement;
    expect(within(results).getByRole('link', { name: 'Still need help? Contact us' })).toHaveAttribute(
      'href',
      '/support',
    );
  });

  it('shows a question’s answer as text, counts a No and then offers support', async () => {
    let votes: HelpVotes = { helpful_yes: 4, helpful_no: 1, mine: null };
    const sent = api({
      'GET /api/help/questions/how-do-offers-work': () => ({ body: { data: question(votes) } }),
      'POST /api/help/questions/8/vote': () => {
        votes = { helpful_yes: 4, helpful_no: 2, mine: false };
        return { body: { data: votes } };
      },
    });
    renderRoutes([{ path: '/help/:slug', element: <HelpQuestionPage /> }], {
      path: '/help/how-do-offers-work',
      user: null,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'How do offers work?' })).toBeInTheDocument();
    expect(screen.getByText('3 prices').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'the tips' })).toHaveAttribute('href', '/safety');
    expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('4 people found this helpful.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Still need help? Contact us' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(await screen.findByRole('link', { name: 'Still need help? Contact us' })).toHaveAttribute(
      'href',
      '/support',
    );
    expect(screen.getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true');
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ helpful: false });
  });

  it('shows a page staff wrote, terms with the date it last changed', async () => {
    const terms: ContentPage = {
      slug: 'terms',
      title: 'Terms of use',
      body: [{ type: 'h2', spans: [{ text: 'Your account' }] }],
      version: 3,
      updated_at: Date.UTC(2026, 10, 20, 12),
    };
    api({ 'GET /api/help/pages/terms': () => ({ body: { data: terms } }) });
    renderRoutes([{ path: '/terms', element: <ContentPageView /> }], { path: '/terms', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByTestId('last-changed')).toHaveTextContent('Last changed 20 Nov 2026');
  });
});
