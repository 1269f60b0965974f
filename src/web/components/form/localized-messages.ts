import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useReducer } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { MessageLanguage } from '../../../shared/i18n/language';
import { loadMessageCatalog, localizeLoaded, messageCatalogLoaded } from '../../../shared/i18n/lazy';
import { currentLanguage, i18n, isLanguage } from '../../lib/i18n';

/**
 * Form messages in the UI language. The forms validate with the shared contracts, whose own messages are
 * Vietnamese (the source language) and whose built-in checks speak zod's global locale:
 * - zod's locale follows the UI language: its Vietnamese locale (loaded on demand) or its English one;
 * - in English, the contracts' messages go through the message catalog (shared/i18n, a lazy chunk).
 * Neither the catalog nor a zod locale is part of the entry chunk or the login page.
 */

let zodLocale: MessageLanguage | undefined;

/** Sets zod's global locale to the language (its built-in messages: "expected number, received string"…). */
async function applyZodLocale(lang: MessageLanguage): Promise<void> {
  if (zodLocale === lang) return;
  try {
    const locale = lang === 'vi' ? await import('zod/v4/locales/vi.js') : await import('zod/v4/locales/en.js');
    // A later switch may have won while this chunk loaded.
    if (currentLanguage() === lang) {
      z.config(locale.default());
      zodLocale = lang;
    }
  } catch {
    // No locale chunk (an interrupted deploy): zod keeps the one it has; the next validation tries again.
  }
}

void applyZodLocale(currentLanguage());
i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) void applyZodLocale(lng);
});

/** The same error tree with every message (and `types` entry) passed through `localize`; `ref`s untouched. */
export function localizeFieldErrors<T>(errors: T, localize: (message: string) => string): T {
  const walk = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return node;
    // Field arrays are sparse arrays that may carry a `root` entry: copy own keys, not just the items.
    const out: Record<string, unknown> = Array.isArray(node) ? ([] as unknown as Record<string, unknown>) : {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'ref') out[key] = value;
      else if (key === 'message' && typeof value === 'string') out[key] = localize(value);
      else if (key === 'types' && value && typeof value === 'object') {
        out[key] = Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? localize(v) : Array.isArray(v) ? v.map((m) => (typeof m === 'string' ? localize(m) : m)) : v]),
        );
      } else out[key] = walk(value);
    }
    return out;
  };
  return walk(errors) as T;
}

/**
 * zodResolver over a shared contract, with its messages in the UI language: zod's built-in ones from zod's locale
 * for that language, the contract's own through the catalog when the UI is in English.
 */
export function localizedZodResolver<V extends FieldValues>(schema: unknown): Resolver<V> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<V>;
  return async (values, context, options) => {
    const lang = currentLanguage();
    await applyZodLocale(lang);
    const result = await resolve(values, context, options);
    if (lang === 'vi' || !Object.keys(result.errors).length) return result;
    try {
      const localize = await loadMessageCatalog();
      return { ...result, errors: localizeFieldErrors(result.errors, (m) => localize(m, lang)) } as typeof result;
    } catch {
      return result; // no catalog chunk: the Vietnamese words rather than none
    }
  };
}

/**
 * A message as shown under a field, in the UI language: for errors a form set itself from a contract (a dialog
 * that parses before sending) as well as the resolver's. Server messages arrive in the UI language already and
 * pass unchanged.
 */
export function useLocalizedMessage(message: string | undefined): string | undefined {
  const { i18n: instance } = useTranslation();
  const lang: MessageLanguage = isLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : 'vi';
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const needsCatalog = lang === 'en' && !!message && !messageCatalogLoaded();
  useEffect(() => {
    if (!needsCatalog) return;
    let live = true;
    loadMessageCatalog().then(
      () => live && loaded(),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [needsCatalog]);
  return message && localizeLoaded(message, lang);
}
