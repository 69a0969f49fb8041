import { afterEach, describe, expect, it, vi } from 'vitest';
import { layla } from '../../test/render-routes';
import { userFromPage } from './get-current-user';

function pageSays(json: string | undefined) {
  document.head.innerHTML =
    json === undefined ? '' : `<script id="current-user" type="application/json">${json}</script>`;
}

describe('the user the page was served for', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('is the signed-in user, or null for a visitor', () => {
    pageSays(JSON.stringify(layla));
    expect(userFromPage()).toEqual(layla);
    pageSays('null');
    expect(userFromPage()).toBeNull();
  });

  it('is unknown when the page does not say, or says something unreadable: the app then asks', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    pageSays(undefined);
    expect(userFromPage()).toBeUndefined();
    pageSays('{"first_name": "no id"}');
    expect(userFromPage()).toBeUndefined();
    pageSays('{not json');
    expect(userFromPage()).toBeUndefined();
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
