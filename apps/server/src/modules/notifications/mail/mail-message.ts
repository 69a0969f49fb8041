import {
  LOCALE_DIRECTIONS,
  message,
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATIONS_API,
  NOTIFICATIONS_PAGES,
  PAGE_PATHS,
  type Locale,
  type NotificationCategory,
  type NotificationData,
} from '@marketplace/contracts';
import { translators } from '@marketplace/contracts/i18n/catalogues';
import type { SendMailOptions } from 'nodemailer';
import { notificationText } from '../notification-text';
import { escapeHtml } from '../plain-page';

/** An outbox row, as much of it as an e-mail is made from. */
export interface MailContent {
  recipient: string;
  recipientName: string;
  locale: Locale;
  template: string;
  category: NotificationCategory;
  data: NotificationData;
  path: string | null;
  messageId: string;
  /** The address of one-click unsubscribe for this user and category; null for account e-mails. */
  unsubscribeUrl: string | null;
  /** A body its module wrote (a newsletter issue, decision 040): its HTML is already escaped and safe. */
  rendered?: RenderedMail | undefined;
}

/** An e-mail's own words, made by the module that queued it (`registerMailBody`), framed as every e-mail. */
export interface RenderedMail {
  title: string;
  /** Safe HTML: everything people wrote in it escaped. */
  html: string;
  text: string;
}

export interface MailSite {
  from: string;
  /** http(s)://host[:port] the links in e-mails point to. */
  baseUrl: string;
}

/** The site's primary colour, brand teal (docs/design.md; the page's theme-color). */
const BRAND = '#0c6b61';

/** Private-use characters around what people wrote while an e-mail's words are formatted. */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKERS = /[\uE000\uE001]/g;
const mark = (value: string) => `${OPEN}${value.replaceAll(MARKERS, '')}${CLOSE}`;
/** Plain text (the text part, the subject): Unicode's isolates, FSI … PDI. */
const plain = (text: string) => text.replaceAll(OPEN, '\u2068').replaceAll(CLOSE, '\u2069');
/** HTML: escaped, each name or title in <bdi>, which takes its own direction. */
const inHtml = (text: string) => escapeHtml(text).replaceAll(OPEN, '<bdi>').replaceAll(CLOSE, '</bdi>');

/** The newsletter's own e-mails (decision 037): sent to an address, not a user, for a list they joined. */
export const isNewsletterMail = (template: string) => template.startsWith('newsletter.');

/** The page a person who opens it sees speaks the e-mail's language, signed out as they may be. */
export const unsubscribeUrl = (baseUrl: string, token: string, locale: Locale) =>
  `${baseUrl}${NOTIFICATIONS_API.unsubscribe}?token=${encodeURIComponent(token)}&lang=${locale}`;

/**
 * One e-mail in the recipient's language: the subject is the notification's title; an HTML part in
 * the site's look (right to left in Arabic) and the same words as plain text; a link to the thing
 * and to the settings; and for every category but account, one-click unsubscribe (RFC 8058).
 */
export function composeMail(content: MailContent, site: MailSite): SendMailOptions {
  const { t, text } = translators[content.locale];
  const translator = translators[content.locale];
  const dir = LOCALE_DIRECTIONS[content.locale];
  // Names and titles people wrote are marked as they are formatted, then isolated in each part.
  const { title, body } = content.rendered
    ? { title: content.rendered.title.replaceAll(MARKERS, ''), body: '' }
    : notificationText(translator, { type: content.template, category: content.category, data: content.data }, mark);
  const categoryName = text(message(NOTIFICATION_CATEGORY_LABELS[content.category]));
  const link = content.path === null ? null : `${site.baseUrl}${content.path}`;
  // A newsletter's reader may have no account: their way on is the newsletter's page, not settings.
  const newsletter = isNewsletterMail(content.template);
  const settingsUrl = `${site.baseUrl}${newsletter ? PAGE_PATHS.newsletter : NOTIFICATIONS_PAGES.settings}`;
  const settingsName = t(newsletter ? 'mail.newsletter.pageLink' : 'mail.settings');
  const greeting = t('mail.greeting', { name: content.recipientName ? mark(content.recipientName) : '' });
  const why = newsletter
    ? t('mail.newsletter.why')
    : content.unsubscribeUrl
      ? t('mail.why', { category: categoryName })
      : t('mail.accountWhy');
  const appName = t('app.name');

  const textPart = [
    plain(greeting),
    '',
    plain(title),
    content.rendered ? content.rendered.text : plain(body),
    ...(link ? ['', `${t('mail.open')}: ${link}`] : []),
    '',
    // The signature separator mail programs recognise (with its space).
    '-- ',
    why,
    `${settingsName}: ${settingsUrl}`,
    ...(content.unsubscribeUrl ? [`${t('mail.unsubscribe')}: ${content.unsubscribeUrl}`] : []),
  ].join('\n');

  const footerLinks = [
    `<a href="${escapeHtml(settingsUrl)}" style="color:#6c757d">${escapeHtml(settingsName)}</a>`,
    ...(content.unsubscribeUrl
      ? [
          `<a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#6c757d">${escapeHtml(t('mail.unsubscribe'))}</a>`,
        ]
      : []),
  ].join(' · ');
  const html = `<!doctype html>
<html lang="${content.locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(plain(title))}</title></head>
<body dir="${dir}" style="margin:0;padding:0;background:#f8f9fa;font-family:system-ui,-apple-system,'Segoe UI',Tahoma,Arial,sans-serif;color:#212529">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f8f9fa"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" dir="${dir}" style="max-width:560px;background:#ffffff;border:1px solid #dee2e6;border-radius:8px;text-align:start">
<tr><td style="padding:16px 24px;border-bottom:3px solid ${BRAND};font-size:20px;font-weight:bold;color:${BRAND}">${escapeHtml(appName)}</td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 16px">${inHtml(greeting)}</p>
<h1 style="margin:0 0 12px;font-size:20px;line-height:1.4">${inHtml(title)}</h1>
${content.rendered ? content.rendered.html : ''}${body ? `<p style="margin:0 0 20px;line-height:1.5">${inHtml(body)}</p>` : ''}
${link ? `<p style="margin:0 0 8px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:${BRAND};color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(t('mail.open'))}</a></p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #dee2e6;font-size:13px;color:#6c757d;line-height:1.5">
<p style="margin:0 0 8px">${escapeHtml(why)}</p>
<p style="margin:0">${footerLinks}</p>
</td></tr>
</table>
</td></tr></table>
</body>
</html>`;

  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated', 'Content-Language': content.locale };
  if (content.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${content.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    from: site.from,
    to: content.recipientName ? { name: content.recipientName, address: content.recipient } : content.recipient,
    subject: plain(title),
    text: textPart,
    html,
    messageId: content.messageId,
    headers,
  };
}
