import i18next, { type BackendModule, type ReadCallback, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * i18next over every src/web/i18n/<lang>/<namespace>.json. Each file is its own lazy chunk, so a feature's
 * strings load with the feature instead of growing the entry bundle; react-i18next suspends a screen until
 * its namespace is there. Vietnamese is the default and the fallback; the choice is kept in localStorage.
 */
export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const DEFAULT_LANGUAGE: Language = 'vi';
export const LANGUAGE_STORAGE_KEY = 'cargo.lang';
/** Loaded before the first render: the shell's own strings. Feature namespaces load on demand. */
const CORE_NAMESPACES = ['common', 'shell'] as const;

const files = import.meta.glob<{ default: ResourceKey }>('../i18n/*/*.json');

function fileKey(lang: string, ns: string) {
  return `../i18n/${lang}/${ns}.json`;
}

/** Every namespace that exists on disk, whatever its language. */
export const NAMESPACES: string[] = [...new Set(Object.keys(files).map((p) => p.split('/').pop()!.replace(/\.json$/, '')))];

const globBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = files[fileKey(language, namespace)];
    if (!load) {
      // A namespace missing in one language is not an error: the Vietnamese fallback fills it.
      callback(null, {});
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The default i18next instance, so code that imports `i18next` directly sees the same state. */
export const i18n = i18next;

let ready: Promise<unknown> | null = null;

/** Initialises once (later calls return the same promise); resolves when the core namespaces are loaded. */
export function initI18n(lng: Language = storedLanguage()): Promise<unknown> {
  ready ??= i18n
    .use(globBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: [...CORE_NAMESPACES],
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: { escapeValue: false }, // React escapes.
      react: { useSuspense: true },
    })
    .then(() => syncDocumentLanguage(i18n.language));
  return ready;
}

i18n.on('languageChanged', (lng) => syncDocumentLanguage(lng));

function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined' && isLanguage(lng)) document.documentElement.setAttribute('lang', lng);
}

export async function changeLanguage(lng: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {}
  await i18n.changeLanguage(lng);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}
