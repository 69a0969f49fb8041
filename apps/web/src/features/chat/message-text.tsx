import { Fragment } from 'react';

/** http(s) addresses and www. ones, up to the first space; trailing punctuation stays text. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu;
const TRAILING = /[.,;:!?)\]}'"»،؛]+$/u;

/** The parts of a message: plain text, and the links in it with the address each opens. */
export function linkParts(text: string): ({ text: string } | { text: string; href: string })[] {
  const parts: ({ text: string } | { text: string; href: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const raw = match[0];
    const link = raw.replace(TRAILING, '');
    if (start > last) parts.push({ text: text.slice(last, start) });
    const href = /^https?:\/\//i.test(link) ? link : `https://${link}`;
    let safe: string | undefined;
    try {
      const url = new URL(href);
      if (url.protocol === 'http:' || url.protocol === 'https:') safe = url.href;
    } catch {
      safe = undefined;
    }
    parts.push(safe ? { text: link, href: safe } : { text: link });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * A message as the sender wrote it: text, never HTML (React escapes it), line breaks kept by CSS,
 * and web addresses made links that open apart from the site, without telling it who sent them.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, index) =>
        'href' in part ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
