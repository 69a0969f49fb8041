import { formatPrice, INTL_LOCALES, pageLinks, type ListingCard, type Locale } from '@marketplace/contracts';
import { parseMarkdown, type MarkdownBlock, type MarkdownSpan } from '@marketplace/contracts/help';
import { translators } from '@marketplace/contracts/i18n/catalogues';
import type { RenderedMail } from '../notifications';
import { escapeHtml } from '../notifications';

/**
 * A newsletter issue as an e-mail's words (decision 040): the help centre's Markdown (decision 031,
 * `parseMarkdown`) drawn as HTML where every text is escaped and a link is only a site path or an
 * http(s) address, the listings as cards, and a link to the web version. The same words as text.
 */

export interface IssueWords {
  id: number;
  subject: string;
  body: string;
  listings: readonly ListingCard[];
}

const BRAND = '#0c6b61';

const absolute = (baseUrl: string, href: string) => (href.startsWith('/') ? `${baseUrl}${href}` : href);

function spansHtml(spans: readonly MarkdownSpan[], baseUrl: string): string {
  return spans
    .map((span) => {
      let html = escapeHtml(span.text);
      if (span.em) html = `<em>${html}</em>`;
      if (span.strong) html = `<strong>${html}</strong>`;
      if (span.href) {
        html = `<a href="${escapeHtml(absolute(baseUrl, span.href))}" style="color:${BRAND}">${html}</a>`;
      }
      return html;
    })
    .join('');
}

export function blocksHtml(blocks: readonly MarkdownBlock[], baseUrl: string): string {
  return blocks
    .map((block) => {
      if ('items' in block) {
        const items = block.items.map((item) => `<li style="margin:0 0 4px">${spansHtml(item, baseUrl)}</li>`);
        return `<${block.type} style="margin:0 0 16px;padding-inline-start:20px">${items.join('')}</${block.type}>`;
      }
      const style = block.type === 'p' ? 'margin:0 0 16px;line-height:1.5' : 'margin:20px 0 8px;line-height:1.3';
      return `<${block.type} style="${style}">${spansHtml(block.spans, baseUrl)}</${block.type}>`;
    })
    .join('\n');
}

const spansText = (spans: readonly MarkdownSpan[], baseUrl: string) =>
  spans.map((span) => (span.href ? `${span.text} (${absolute(baseUrl, span.href)})` : span.text)).join('');

function blocksText(blocks: readonly MarkdownBlock[], baseUrl: string): string {
  return blocks
    .map((block) =>
      'items' in block
        ? block.items
            .map((item, index) => `${block.type === 'ol' ? `${index + 1}.` : '-'} ${spansText(item, baseUrl)}`)
            .join('\n')
        : spansText(block.spans, baseUrl),
    )
    .join('\n\n');
}

function cardHtml(card: ListingCard, locale: Locale, baseUrl: string): string {
  const { t } = translators[locale];
  const link = `${baseUrl}${pageLinks.listing(card.id, card.slug)}`;
  const price = formatPrice(card.price_fils, INTL_LOCALES[locale], t('listing.free'));
  const photo = card.cover
    ? `<img src="${escapeHtml(absolute(baseUrl, card.cover.card))}" alt="" width="160" style="display:block;width:160px;max-width:100%;border-radius:6px">`
    : '';
  return `<tr><td style="padding:8px 0;border-top:1px solid #dee2e6"><a href="${escapeHtml(link)}" style="color:#212529;text-decoration:none">
${photo}<strong style="display:block;margin-top:6px">${escapeHtml(card.title)}</strong>
<span style="color:${BRAND}">${escapeHtml(price)}</span>${card.city ? ` · <span style="color:#6c757d">${escapeHtml(card.city)}</span>` : ''}
</a></td></tr>`;
}

/** The web version's address: it shows in the reader's language, as every page (decision 013). */
export const webVersionUrl = (baseUrl: string, id: number) => `${baseUrl}${pageLinks.newsletterIssue(id)}`;

/** The issue in `locale` as an e-mail's words; `test` marks a staff member's test copy. */
export function renderIssueMail(issue: IssueWords, locale: Locale, baseUrl: string, test = false): RenderedMail {
  const { t } = translators[locale];
  const blocks = parseMarkdown(issue.body);
  const web = webVersionUrl(baseUrl, issue.id);
  const title = test ? `${t('mail.newsletter.testPrefix')} ${issue.subject}` : issue.subject;
  const cards = issue.listings.map((card) => cardHtml(card, locale, baseUrl)).join('\n');
  const html = `<p style="margin:0 0 16px;font-size:13px"><a href="${escapeHtml(web)}" style="color:#6c757d">${escapeHtml(t('mail.newsletter.webVersion'))}</a></p>
${blocksHtml(blocks, baseUrl)}
${cards ? `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="margin:8px 0 16px">${cards}</table>` : ''}`;
  const text = [
    `${t('mail.newsletter.webVersion')}: ${web}`,
    '',
    blocksText(blocks, baseUrl),
    ...issue.listings.map((card) => `- ${card.title}: ${baseUrl}${pageLinks.listing(card.id, card.slug)}`),
  ].join('\n');
  return { title, html, text };
}
