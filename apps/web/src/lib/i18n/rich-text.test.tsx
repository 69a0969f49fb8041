import { render } from '@testing-library/react';
import arabic from 'virtual:marketplace-messages/ar';
import { describe, expect, it } from 'vitest';
import { activateLocale, i18n } from './i18n-store';
import { richText } from './rich-text';

describe('richText', () => {
  it('puts an element where its placeholder is, in the language’s own order', () => {
    activateLocale('ar', arabic);
    const { container } = render(<p>{richText(i18n().t, 'orders.sellerIs', { name: <bdi>Samir Haddad</bdi> })}</p>);
    expect(container.innerHTML).toBe('<p>البائع: <bdi>Samir Haddad</bdi></p>');
  });

  it('keeps text values as text, without the characters that mark an element', () => {
    const { container } = render(<p>{richText(i18n().t, 'orders.sellerIs', { name: '\uE0000\uE001<b>x</b>' })}</p>);
    expect(container.innerHTML).toBe('<p>Seller: 0&lt;b&gt;x&lt;/b&gt;</p>');
  });
});
