import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import english from 'virtual:marketplace-messages/en';
import { afterEach, beforeEach } from 'vitest';
import { activateLocale } from '../lib/i18n/i18n-store';

// findBy… and waitFor wait up to 5 s, not 1: on two cores shared with the API tests' databases
// (CI, 2026-11-24, load average above 10) a render behind a resolved query can take longer than 1 s.
configure({ asyncUtilTimeout: 5_000 });

// Components render in English unless a test switches; the catalogue is the one the build ships.
beforeEach(() => {
  activateLocale('en', english);
});

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});
