import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import type { ApiErrorBody } from '@marketplace/contracts';
import { readCsrfToken, storeCsrfToken } from './csrf';
import { loginPathReturningTo } from './login-redirect';
import { pageNavigation } from './page-navigation';
import { paths } from './paths';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The sign-in probe expects 401 when signed out; it must not bounce the page to /login. */
    skipAuthRedirect?: boolean;
    /** Set on the one retry of a request refused for a stale CSRF token. */
    csrfRetried?: boolean;
  }
}

/** The one HTTP client: the spec's headers and its 401 rule live here and nowhere else. */
export const http = axios.create({
  headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  withCredentials: true,
});

http.interceptors.request.use((config) => {
  const token = readCsrfToken();
  if (token) config.headers.set('X-CSRF-TOKEN', token);
  return config;
});

http.interceptors.response.use(
  (response) => {
    const token: unknown = response.headers['x-csrf-token'];
    if (typeof token === 'string' && token) storeCsrfToken(token);
    return response;
  },
  (error: Error) => {
    if (!(error instanceof AxiosError) || !error.response) return Promise.reject(error);
    const { status, headers } = error.response;
    if (status === 401 && !error.config?.skipAuthRedirect) redirectToLogin();
    // 419 with the session's current token: this page's copy was stale (rotated by a login in
    // another tab). Take the new one and try once more; a second 419 is a real refusal.
    const fresh: unknown = headers['x-csrf-token'];
    if (status === 419 && error.config && !error.config.csrfRetried && typeof fresh === 'string' && fresh) {
      storeCsrfToken(fresh);
      return http.request({ ...error.config, csrfRetried: true });
    }
    return Promise.reject(error);
  },
);

/**
 * A full page load rather than a router navigation: the session is gone, so the page's CSRF token
 * and every cached answer belong to it; the login page arrives with a fresh token.
 */
export function redirectToLogin(): void {
  const { pathname, search, hash } = window.location;
  if (pathname === paths.login) return;
  pageNavigation.assign(loginPathReturningTo(`${pathname}${search}${hash}`));
}

/** The API's error body, when the failure came from the API. */
export function apiError(error: unknown): { status: number; body: ApiErrorBody } | undefined {
  if (!(error instanceof AxiosError) || !error.response) return undefined;
  const body = error.response.data as Partial<ApiErrorBody> | undefined;
  return {
    status: error.response.status,
    body: {
      message: typeof body?.message === 'string' ? body.message : error.message,
      ...(body?.errors && { errors: body.errors }),
    },
  };
}

export type RequestConfig = AxiosRequestConfig;
