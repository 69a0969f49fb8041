/**
 * The help centre's Markdown (decision 031): staff write pages and answers in a small subset —
 * `## ` and `### ` headings, paragraphs, `- ` and `1. ` lists, `**strong**`, `*emphasis*` and
 * `[text](/path or https://…)` — and the server reads it into blocks of plain text spans. Nothing
 * in it is ever HTML: a tag, a script or an entity stays the text it was typed as (the page renders
 * spans as React text), and a link goes only to a path of this site or an https/http address
 * (`javascript:`, `data:` and the rest are left as text). No dependency: the pages receive blocks,
 * so no Markdown library reaches a visitor's browser; the back-office's preview reads the same way.
 */

export interface MarkdownSpan {
  text: string;
  strong?: boolean;
  em?: boolean;
  /** A link's address: a path of this site ('/safety') or an http(s) address. */
  href?: string;
}

export type MarkdownBlock =
  { type: 'h2' | 'h3' | 'p'; spans: MarkdownSpan[] } | { type: 'ul' | 'ol'; items: MarkdownSpan[][] };

/** A link's address when it is one the page may follow; undefined for anything else. */
export function safeHref(href: string): string | undefined {
  const trimmed = href.trim();
  if (/^\/(?!\/)[^\s\\]*$/.test(trimmed)) return trimmed;
  if (/^https?:\/\/[^\s\\]+$/i.test(trimmed)) return trimmed;
  return undefined;
}

const INLINE = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** One line or paragraph's spans: strong, emphasis and links, the rest plain text. */
export function inlineSpans(text: string): MarkdownSpan[] {
  const spans: MarkdownSpan[] = [];
  const push = (span: MarkdownSpan) => {
    if (span.text === '') return;
    const last = spans.at(-1);
    if (last && !last.strong && !last.em && !last.href && !span.strong && !span.em && !span.href) {
      last.text += span.text;
    } else spans.push(span);
  };
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    push({ text: text.slice(at, match.index) });
    const [whole, strong, em, linkText, href] = match;
    if (strong !== undefined) push({ text: strong, strong: true });
    else if (em !== undefined) push({ text: em, em: true });
    else if (linkText !== undefined && href !== undefined) {
      const safe = safeHref(href);
      push(safe ? { text: linkText, href: safe } : { text: whole });
    }
    at = match.index + whole.length;
  }
  push({ text: text.slice(at) });
  return spans;
}

const HEADING = /^(#{2,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^\d{1,3}[.)]\s+(.*)$/;

/** The blocks of a Markdown text (line breaks \n or \r\n). */
export function parseMarkdown(markdown: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let list: { type: 'ul' | 'ol'; items: MarkdownSpan[][] } | undefined;
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: 'p', spans: inlineSpans(paragraph.join(' ')) });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push(list);
    list = undefined;
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      endParagraph();
      endList();
      continue;
    }
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (heading?.[1] && heading[2] !== undefined) {
      endParagraph();
      endList();
      blocks.push({ type: heading[1].length === 2 ? 'h2' : 'h3', spans: inlineSpans(heading[2]) });
    } else if (bullet?.[1] !== undefined || numbered?.[1] !== undefined) {
      endParagraph();
      const type = bullet ? 'ul' : 'ol';
      if (list?.type !== type) {
        endList();
        list = { type, items: [] };
      }
      list.items.push(inlineSpans((bullet?.[1] ?? numbered?.[1]) as string));
    } else if (list) {
      // A line under a list item continues it.
      const item = list.items.at(-1);
      if (item) item.push(...inlineSpans(` ${line}`));
    } else paragraph.push(line);
  }
  endParagraph();
  endList();
  return blocks;
}

/** The text of the blocks without their marks: meta descriptions, JSON-LD, the search's excerpt. */
export function markdownText(blocks: readonly MarkdownBlock[]): string {
  const spansText = (spans: readonly MarkdownSpan[]) => spans.map((span) => span.text).join('');
  return blocks
    .map((block) => ('spans' in block ? spansText(block.spans) : block.items.map(spansText).join(' ')))
    .join(' ')
    .replaceAll(/\s+/g, ' ')
    .trim();
}
