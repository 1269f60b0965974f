import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, LANGUAGE_STORAGE_KEY, NAMESPACES, storedLanguage } from './i18n';

const I18N_DIR = path.resolve(__dirname, '../i18n');

function keysOf(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function read(lang: string, ns: string): unknown {
  return JSON.parse(readFileSync(path.join(I18N_DIR, lang, `${ns}.json`), 'utf8'));
}

describe('translation files', () => {
  const namespaces = readdirSync(path.join(I18N_DIR, 'vi')).map((f) => f.replace(/\.json$/, ''));

  it('are all found by the loader', () => {
    expect([...NAMESPACES].sort()).toEqual(expect.arrayContaining(namespaces.sort()));
  });

  // Plural forms differ by language (Vietnamese has one form, English "_one"/"_other"), so compare base keys.
  const baseKeys = (lang: string, ns: string) =>
    [...new Set(keysOf(read(lang, ns)).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

  it.each(namespaces)('%s has the same keys in Vietnamese and English, none empty', (ns) => {
    const vi = baseKeys('vi', ns);
    const en = baseKeys('en', ns);
    expect(en).toEqual(vi);
    for (const lang of ['vi', 'en']) {
      for (const key of keysOf(read(lang, ns))) {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], read(lang, ns));
        expect(typeof value === 'string' && value.trim().length > 0, `${lang}/${ns}:${key}`).toBe(true);
      }
    }
  });
});

describe('i18n set-up', () => {
  beforeAll(async () => {
    localStorage.clear();
    await initI18n();
  });

  it('starts in Vietnamese with the shell strings loaded', () => {
    expect(storedLanguage()).toBe('vi');
    expect(i18n.language).toBe('vi');
    expect(i18n.t('shell:menu.mawb')).toBe('Vận đơn chủ (MAWB)');
    expect(i18n.t('common:actions.reload')).toBe('Tải lại trang');
  });

  it('switches to English, remembers it and marks the document', async () => {
    await changeLanguage('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(storedLanguage()).toBe('en');
    expect(document.documentElement.getAttribute('lang')).toBe('en');
    expect(i18n.t('shell:menu.mawb')).toBe('Master AWB');
    await changeLanguage('vi');
    expect(document.documentElement.getAttribute('lang')).toBe('vi');
  });

  it('loads a feature namespace on demand', async () => {
    const other = NAMESPACES.find((ns) => ns !== 'common' && ns !== 'shell');
    if (!other) return;
    await i18n.loadNamespaces(other);
    expect(i18n.hasResourceBundle('vi', other)).toBe(true);
  });

  it('ignores an unknown stored language', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(storedLanguage()).toBe('vi');
  });
});
