import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from './http';
import { pageNavigation } from './page-navigation';

/** Answers every request with `status` and records what was sent, instead of using the network. */
function server(status: number, headers: Record<string, string> = {}) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    sent.push(config);
    const response = { data: { message: 'answer' }, status, statusText: '', headers, config };
    return status < 400
      ? Promise.resolve(response)
      : Promise.reject(new AxiosError(`status ${status}`, undefined, config, undefined, response));
  };
  return { adapter, sent };
}

function pageCsrfToken(token: string) {
  document.head.innerHTML = `<meta name="csrf-token" content="${token}">`;
}

describe('the HTTP client', () => {
  let assign: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/profile?tab=address#city');
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('marks every request as made by script and sends the page’s CSRF token', async () => {
    pageCsrfToken('token-from-page');
    const { adapter, sent } = server(200);
    await http.put('/user/profile', {}, { adapter });
    expect(sent[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(sent[0]?.headers.get('X-CSRF-TOKEN')).toBe('token-from-page');
  });

  it('sends no CSRF header when the page carries no token', async () => {
    const { adapter, sent } = server(200);
    await http.get('/cities', { adapter });
    expect(sent[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(sent[0]?.headers.has('X-CSRF-TOKEN')).toBe(false);
  });

  it('keeps the token the server rotates at login for the next requests', async () => {
    pageCsrfToken('old');
    await http.post('/login', {}, { adapter: server(200, { 'x-csrf-token': 'rotated' }).adapter });
    const { adapter, sent } = server(200);
    await http.post('/logout', {}, { adapter });
    expect(sent[0]?.headers.get('X-CSRF-TOKEN')).toBe('rotated');
  });

  it('sends the browser to /login on a 401, remembering the page it was on', async () => {
    await expect(http.get('/user/profile', { adapter: server(401).adapter })).rejects.toThrow();
    expect(assign).toHaveBeenCalledWith('/login?redirect=%2Fprofile%3Ftab%3Daddress%23city');
  });

  it('leaves a 401 to the sign-in probe that expects one', async () => {
    await expect(http.get('/user', { adapter: server(401).adapter, skipAuthRedirect: true })).rejects.toThrow();
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not send the login page to itself', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fprofile');
    await expect(http.get('/user/profile', { adapter: server(401).adapter })).rejects.toThrow();
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not redirect on other failures', async () => {
    await expect(http.get('/user/profile', { adapter: server(500).adapter })).rejects.toThrow();
    await expect(http.get('/user/profile', { adapter: server(403).adapter })).rejects.toThrow();
    expect(assign).not.toHaveBeenCalled();
  });
  it('retries once with the current token when the page’s token was stale (419)', async () => {
    pageCsrfToken('stale-token');
    const sent: InternalAxiosRequestConfig[] = [];
    const adapter: AxiosAdapter = (config) => {
      sent.push(config);
      const token = config.headers.get('X-CSRF-TOKEN');
      const status = token === 'current-token' ? 200 : 419;
      const headers = { 'x-csrf-token': 'current-token' };
      const response = { data: { message: 'CSRF token mismatch.' }, status, statusText: '', headers, config };
      return status === 200
        ? Promise.resolve(response)
        : Promise.reject(new AxiosError('419', undefined, config, undefined, response));
    };
    const response = await http.put('/user/profile', { first_name: 'Layla' }, { adapter });
    expect(response.status).toBe(200);
    expect(sent.map((config) => config.headers.get('X-CSRF-TOKEN'))).toEqual(['stale-token', 'current-token']);
  });

  it('gives up after one retry: a second 419 is a refusal', async () => {
    pageCsrfToken('stale-token');
    const { adapter, sent } = server(419, { 'x-csrf-token': 'still-refused' });
    await expect(http.put('/user/profile', {}, { adapter })).rejects.toThrow('status 419');
    expect(sent).toHaveLength(2);
  });

  it('does not retry a 419 that brings no token (no session at all)', async () => {
    pageCsrfToken('stale-token');
    const { adapter, sent } = server(419);
    await expect(http.put('/user/profile', {}, { adapter })).rejects.toThrow('status 419');
    expect(sent).toHaveLength(1);
  });
});
