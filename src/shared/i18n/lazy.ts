import type { MessageLanguage } from './language';

/**
 * The English catalog on demand. On the web it is a chunk of its own (the dynamic import below), loaded once the
 * UI is in English and never part of the entry or the login page; Vietnamese never needs it. Until it has
 * arrived, `localizeLoaded` gives the text as it is.
 */

type Localize = (text: string, lang: MessageLanguage) => string;

let loaded: Localize | undefined;
let loading: Promise<Localize> | undefined;

/** Loads the catalog (once; a failed load may be tried again) and resolves with the localiser. */
export function loadMessageCatalog(): Promise<Localize> {
  loading ??= import('./localize').then(
    (m) => (loaded = m.localizeMessage),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export function messageCatalogLoaded(): boolean {
  return loaded !== undefined;
}

/** The message in `lang` when the catalog is there (see localize.ts); otherwise, and for Vietnamese, as it is. */
export function localizeLoaded(text: string, lang: MessageLanguage): string {
  return lang === 'en' && loaded ? loaded(text, lang) : text;
}
