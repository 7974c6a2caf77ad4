import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n';

// Lazy routes load real chunks on a shared 2-core machine: give findBy* queries time.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no scrolling; the app scrolls to the top on every route change.
Object.defineProperty(window, 'scrollTo', { value: vi.fn(), writable: true });

// A desktop-sized browser in light mode: `min-width` queries match (permanent sidebar), others do not.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
