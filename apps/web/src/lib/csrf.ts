const selector = 'meta[name="csrf-token"]';

export function readCsrfToken(): string | undefined {
  return document.querySelector<HTMLMetaElement>(selector)?.content || undefined;
}

/** The server rotates the token at login and logout and sends the new one back in a header. */
export function storeCsrfToken(token: string): void {
  let meta = document.querySelector<HTMLMetaElement>(selector);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'csrf-token';
    document.head.append(meta);
  }
  meta.content = token;
}
