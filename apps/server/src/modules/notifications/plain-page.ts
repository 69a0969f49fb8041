import { LOCALE_DIRECTIONS, type Translator } from '@marketplace/contracts';
import type { FastifyReply } from 'fastify';

/** Text made safe inside HTML, attribute values included. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

/**
 * A small page of the server's own, outside the web app: the unsubscribe page (it must work signed
 * out, from any mail program) and the development mailbox. `title` is text; `content` is HTML that
 * the caller built with escapeHtml.
 */
export function sendPlainPage(
  reply: FastifyReply,
  translator: Translator,
  { status, title, content }: { status: number; title: string; content: string },
) {
  const dir = LOCALE_DIRECTIONS[translator.locale];
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html>
<html lang="${translator.locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(translator.t('app.name'))}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Tahoma,Arial,sans-serif;max-width:720px;margin:48px auto;padding:0 16px;color:#212529;line-height:1.5">
<h1 style="font-size:24px;color:#0c6b61">${escapeHtml(title)}</h1>
${content}
</body>
</html>`,
    );
}
