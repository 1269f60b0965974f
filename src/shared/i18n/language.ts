/**
 * The languages a message can be given in. Vietnamese is the source language of every message (and the answer
 * whenever a client asks for nothing or for something else); English comes from the catalog in messages.en.ts.
 * Zod-free and catalog-free, so the web's entry chunk may import it.
 */
export const MESSAGE_LANGUAGES = ['vi', 'en'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
export const SOURCE_LANGUAGE: MessageLanguage = 'vi';

/**
 * The language of an `Accept-Language` header: the language ranges are taken in order of their q-value (ties
 * keep the header's order; q=0 means "not this one"), and the first that names a language we have wins: `en`,
 * `en-US`, `en-GB`… → 'en'; `vi`, `vi-VN` → 'vi'. No header, `*`, or only languages we do not have → 'vi'.
 */
export function languageFromAcceptLanguage(header: string | string[] | undefined | null): MessageLanguage {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return SOURCE_LANGUAGE;
  const ranges: Array<{ tag: string; q: number; index: number }> = [];
  text.split(',').forEach((part, index) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim().toLowerCase();
    if (!tag) return;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!Number.isFinite(q) || q <= 0) return;
    ranges.push({ tag, q: Math.min(q, 1), index });
  });
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const primary = tag.split('-')[0];
    if (primary === 'en') return 'en';
    if (primary === 'vi') return 'vi';
  }
  return SOURCE_LANGUAGE;
}
