import type { AdminHelpPage, AdminHelpQuestion, AdminHelpTopic } from '@marketplace/contracts/help';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastOutlet } from '../../../lib/toasts/toast-outlet';
import { renderRoutes } from '../../../test/render-routes';
import { routedApi } from '../../../test/selling-fixtures';
import { FaqEditorPage } from './faq-editor-page';
import { PageEditorPage } from './pages-editor-page';

const api = routedApi();

const topics: AdminHelpTopic[] = [
  { id: 1, slug: 'buying', name: 'Buying', name_ar: 'الشراء', position: 1 },
  { id: 2, slug: 'selling', name: 'Selling', name_ar: 'البيع', position: 2 },
];
const payQuestion: AdminHelpQuestion = {
  id: 5,
  topic_id: 1,
  slug: 'how-do-i-pay',
  question: 'How do I pay?',
  question_ar: 'كيف أدفع؟',
  answer: 'Pay on hand-over.',
  answer_ar: 'ادفع عند التسليم.',
  position: 1,
  published: true,
  helpful_yes: 3,
  helpful_no: 1,
  updated_at: Date.UTC(2026, 10, 1),
};

describe('the FAQ editor', () => {
  it('lists topics and questions with their votes, and unpublishes a question', async () => {
    const sent = api({
      'GET /api/admin/help': () => ({ body: { data: { topics, questions: [payQuestion] } } }),
      'PUT /api/admin/help/questions/5': () => ({ body: { data: { ...payQuestion, published: false } } }),
    });
    renderRoutes(
      [
        {
          path: '/admin/help',
          element: (
            <>
              <FaqEditorPage />
              <ToastOutlet />
            </>
          ),
        },
      ],
      { path: '/admin/help' },
    );
    expect(await screen.findByRole('heading', { name: '1. Buying' })).toBeInTheDocument();
    expect(screen.getByText('Helpful: 3 yes, 1 no')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit How do I pay?' }));
    const form = screen.getByRole('form', { name: 'Edit the question' });
    await user.click(within(form).getByRole('checkbox', { name: 'Published: shown on the site' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: the site shows it now.')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({
      topic_id: 1,
      question: 'How do I pay?',
      question_ar: 'كيف أدفع؟',
      answer: 'Pay on hand-over.',
      answer_ar: 'ادفع عند التسليم.',
      position: 1,
      published: false,
    });
  });

  it('checks a new question as the server does, and puts the server’s 422 under its field', async () => {
    const sent = api({
      'GET /api/admin/help': () => ({ body: { data: { topics, questions: [] } } }),
      'POST /api/admin/help/questions': () => ({
        status: 422,
        body: { message: 'invalid', errors: { topic_id: ['{"key":"admin.help.topicUnknown"}'] } },
      }),
    });
    renderRoutes(
      [
        {
          path: '/admin/help',
          element: (
            <>
              <FaqEditorPage />
              <ToastOutlet />
            </>
          ),
        },
      ],
      { path: '/admin/help' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New question' }));
    const form = screen.getByRole('form', { name: 'New question' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText(/field is required/)).not.toHaveLength(0);
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);
    await user.type(within(form).getByRole('textbox', { name: /question in English/ }), 'Can I swap?');
    await user.type(within(form).getByRole('textbox', { name: /question in Arabic/ }), 'هل أبادل؟');
    await user.type(within(form).getByRole('textbox', { name: /answer in English/ }), 'Yes.');
    await user.type(within(form).getByRole('textbox', { name: /answer in Arabic/ }), 'نعم.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose one of the topics.')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});

const terms: AdminHelpPage = {
  slug: 'terms',
  title: 'Terms of use',
  title_ar: 'شروط الاستخدام',
  body: '## Your account\nBe **honest**.',
  body_ar: '## حسابك\nكن صادقًا.',
  version: 2,
  updated_at: Date.UTC(2026, 10, 20),
  versions: [
    {
      version: 2,
      title: 'Terms of use',
      title_ar: 'شروط الاستخدام',
      body: '## Your account\nBe **honest**.',
      body_ar: '## حسابك\nكن صادقًا.',
      created_at: Date.UTC(2026, 10, 20),
      created_by: 'Sara Support',
    },
    {
      version: 1,
      title: 'Terms',
      title_ar: 'الشروط',
      body: 'First.',
      body_ar: 'الأول.',
      created_at: Date.UTC(2026, 10, 1),
      created_by: null,
    },
  ],
};

describe('the page editor', () => {
  it('previews the text as the site draws it, a script as text, saves a version and restores an older one', async () => {
    const sent = api({
      'GET /api/admin/help/pages/terms': () => ({ body: { data: terms } }),
      'PUT /api/admin/help/pages/terms': () => ({ body: { data: { ...terms, version: 3 } } }),
      'POST /api/admin/help/pages/terms/versions/1/restore': () => ({
        body: { data: { ...terms, version: 4, body: 'First.' } },
      }),
    });
    renderRoutes(
      [
        {
          path: '/admin/help/pages/:slug',
          element: (
            <>
              <PageEditorPage />
              <ToastOutlet />
            </>
          ),
        },
      ],
      {
        path: '/admin/help/pages/terms',
      },
    );
    const user = userEvent.setup();
    const body = await screen.findByRole('textbox', { name: /text in English/ });
    await user.clear(body);
    await user.type(body, '## Changed{enter}<script>alert(1)</script> and **bold**');
    await user.click(screen.getByRole('button', { name: 'Preview in English' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Changed' })).toBeInTheDocument();
    expect(within(preview).getByText('bold').tagName).toBe('STRONG');
    expect(within(preview).getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(preview.querySelector('script')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Version 3 saved: the site shows it now.')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'PUT')?.body).toMatchObject({
      body: '## Changed\n<script>alert(1)</script> and **bold**',
    });

    expect(screen.getByText(/Version 1, .*, by the first words/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore version 1' }));
    expect(await screen.findByText('Version 1 restored as version 4.')).toBeInTheDocument();
  });
});
