import './styles.css';
import { DEFAULT_LOCALE, isLocale } from '@marketplace/contracts/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { markDocument } from './lib/i18n/change-locale';
import { activateLocale } from './lib/i18n/i18n-store';
import { loadCatalogue } from './lib/i18n/load-catalogue';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The server wrote the page's language into <html lang> and preloads its catalogue with this code.
const pageLang = document.documentElement.lang;
const locale = isLocale(pageLang) ? pageLang : DEFAULT_LOCALE;

loadCatalogue(locale).then(
  (catalogue) => {
    markDocument(locale);
    activateLocale(locale, catalogue);
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error('The page’s messages could not be loaded:', error);
    // No catalogue to say it with: both languages, as the page's own fallback text.
    root.textContent =
      'The page could not be loaded. Reload to try again. — تعذّر تحميل الصفحة. أعد تحميلها للمحاولة مرة أخرى.';
  },
);
