/**
 * Full page loads, in one object so that tests can watch them (jsdom cannot navigate, and its
 * `location` methods cannot be replaced).
 */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
