import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { languageFromAcceptLanguage, type MessageLanguage } from '../../shared/i18n/language';
import { currentLanguage, inRequestLanguage } from '../lib/request-language';

/**
 * The language of a request's messages: `Accept-Language` (q-values honoured; en* → English, anything else →
 * Vietnamese). No query parameter is needed: the web client sends the header with its UI language on every call.
 *
 * - `req.lang` is that language, for the error handler and anything holding the request.
 * - While a request is validated and handled, lib/request-language's `currentLanguage()` returns it too (entered
 *   in a preValidation hook, i.e. after the body is read), so code without the request at hand (an import
 *   preview, zod itself) can follow it.
 * - zod's built-in messages (a schema check without a message of its own) are written by zod's own locale for
 *   the request's language: `z.locales.vi()` by default, `z.locales.en()` for an English request. Messages the
 *   contracts write themselves stay Vietnamese here and go through the catalog (shared/i18n) on the way out.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request's messages are sent in. */
    lang: MessageLanguage;
  }
}

const cachedLanguage = new WeakMap<FastifyRequest, MessageLanguage>();

function languageOf(req: FastifyRequest): MessageLanguage {
  let lang = cachedLanguage.get(req);
  if (!lang) {
    lang = languageFromAcceptLanguage(req.headers['accept-language']);
    cachedLanguage.set(req, lang);
  }
  return lang;
}

/** zod's global config: built-in messages in the current request's language (Vietnamese by default). */
export function requestLanguageZodLocale(): z.core.$ZodConfig {
  const vi = z.locales.vi().localeError!;
  const en = z.locales.en().localeError!;
  return { localeError: (issue) => (currentLanguage() === 'en' ? en(issue) : vi(issue)) };
}

export function registerLanguage(app: FastifyInstance) {
  app.decorateRequest('lang', {
    getter(this: FastifyRequest) {
      return languageOf(this);
    },
  });
  // preValidation runs after the body is parsed, and everything after it (validation, preHandler, the handler and
  // what it awaits) runs inside this call, so it sees the store.
  app.addHook('preValidation', (req, _reply, done) => {
    inRequestLanguage(req.lang, done);
  });
}
