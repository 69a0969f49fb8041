import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import english from 'virtual:marketplace-messages/en';
import { afterEach, beforeEach } from 'vitest';
import { activateLocale } from '../lib/i18n/i18n-store';

// Components render in English unless a test switches; the catalogue is the one the build ships.
beforeEach(() => {
  activateLocale('en', english);
});

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});
