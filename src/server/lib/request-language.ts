import { AsyncLocalStorage } from 'node:async_hooks';
import { SOURCE_LANGUAGE, type MessageLanguage } from '../../shared/i18n/language';

/**
 * The language of the request being handled, for code without the request at hand (an import preview, an export's
 * headings, zod's own messages). The language plugin (plugins/language.ts) enters it for each request once its body
 * is read; outside of a request (start-up, seeds, jobs) it is Vietnamese.
 */
const requestLanguage = new AsyncLocalStorage<MessageLanguage>();

export function currentLanguage(): MessageLanguage {
  return requestLanguage.getStore() ?? SOURCE_LANGUAGE;
}

/** Runs `fn` (and everything it awaits) in `lang`. */
export function inRequestLanguage(lang: MessageLanguage, fn: () => void): void {
  requestLanguage.run(lang, fn);
}
