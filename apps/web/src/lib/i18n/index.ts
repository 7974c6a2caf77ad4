/**
 * i18next set-up. Every `locales/<lang>/<namespace>.json` is bundled (file name = namespace; features add their own
 * files here, e.g. auth.json). Long texts that only one page needs (the legal pages) live in
 * `locales/<lang>/deferred/<namespace>.json` and load on first use, so the sign-in route does not download them.
 * The chosen language is kept in localStorage and mirrored on `<html lang>`.
 */
import i18next, { type BackendModule, type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readPreference, writePreference } from '@/lib/storage';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_NAMESPACE = 'common';
export const SHELL_NAMESPACE = 'shell';
const LANGUAGE_KEY = 'language';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
const deferredFiles = import.meta.glob<{ default: ResourceKey }>('./locales/*/deferred/*.json');

/** Loads a deferred namespace when a component first asks for it (react-i18next suspends meanwhile). */
const deferredBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = deferredFiles[`./locales/${language}/deferred/${namespace}.json`];
    if (load === undefined) {
      callback(null, {});
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Resources keyed by language then namespace, from the file paths `./locales/<lang>/<ns>.json`. */
export function collectResources(modules: Record<string, { default: Record<string, unknown> }>): Resource {
  const resources: Resource = {};
  for (const [file, mod] of Object.entries(modules)) {
    const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    const lang = match?.[1];
    const ns = match?.[2];
    if (lang === undefined || ns === undefined) continue;
    resources[lang] = { ...resources[lang], [ns]: mod.default };
  }
  return resources;
}

export const resources = collectResources(files);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value);
}

function initialLanguage(): LanguageCode {
  const stored = readPreference(LANGUAGE_KEY);
  return isLanguageCode(stored) ? stored : 'en';
}

function applyDocumentLanguage(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

i18next.on('languageChanged', (lang) => {
  applyDocumentLanguage(lang);
  if (isLanguageCode(lang)) writePreference(LANGUAGE_KEY, lang);
});

void i18next
  .use(deferredBackend)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((l) => l.code),
    ns: Object.keys(resources.en ?? {}),
    defaultNS: DEFAULT_NAMESPACE,
    // Keys of the signed-in shell (nav.*, userMenu.*, …) live in the deferred `shell` namespace; plain t('nav.x')
    // finds them there once the app or public layout has loaded it.
    fallbackNS: SHELL_NAMESPACE,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
applyDocumentLanguage(i18next.language);

export function changeLanguage(lang: LanguageCode): Promise<unknown> {
  return i18next.changeLanguage(lang);
}

export { i18next as i18n };

/**
 * Loads deferred namespaces (locales/<lang>/deferred/*.json) ahead of rendering, e.g. in a route's `lazy`, so the
 * page never suspends on them. Later language switches load them for the new language automatically.
 */
export async function loadNamespaces(...namespaces: string[]): Promise<void> {
  if (namespaces.length > 0) await i18next.loadNamespaces(namespaces);
}
