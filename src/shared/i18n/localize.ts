import type { MessageLanguage } from './language';
import { MESSAGES_EN } from './messages.en';

/**
 * gettext-style localisation of the messages the server and the shared contracts write in Vietnamese.
 *
 * A catalog maps Vietnamese source text to English. An entry is either exact ('Mã không hợp lệ') or a
 * template with named placeholders ('Tối đa {max} ảnh' → 'At most {max} photos'). English is looked up as:
 *   1. the exact entry;
 *   2. else the first template that matches the whole text, most specific first (the one with the most fixed
 *      text), so 'Không tìm thấy kiện hàng: {numbers}' is tried before 'Không tìm thấy {what}';
 *   3. else the text unchanged (data, codes, text that is already English).
 * A placeholder's value is localised too when it is itself catalog text (a status label, a field name, a whole
 * nested message), a list of such, or text with such a label in quotes or brackets; a number written the
 * Vietnamese way ("5.000") gets English grouping ("5,000"); anything else (codes, names, amounts in đ) is kept.
 * Pure and zod-free; the catalog is compiled once, on the first English lookup.
 */

export type Catalog = Readonly<Record<string, string>>;
export type Localizer = (text: string, lang: MessageLanguage) => string;

const PLACEHOLDER = /\{(\w+)\}/g;
const MAX_DEPTH = 4;
/** An integer grouped the Vietnamese way: "5.000", "-1.250.000" (not "1.5", not a decimal). */
const VI_GROUPED_INTEGER = /^-?\d{1,3}(?:\.\d{3})+$/;
/** An amount in đồng as formatMoney(…, 'VND', 'vi') writes it ("1.250.000 ₫", "0 ₫", "-50.000 ₫"), anywhere in a text. */
const VI_DONG_AMOUNT = /(-?\d{1,3}(?:\.\d{3})*)\u00a0₫/g;
/** The English written form of the đồng amounts in a text: "1.250.000 ₫" → "1,250,000 ₫". */
const englishDong = (text: string) => text.replace(VI_DONG_AMOUNT, (_, n: string) => `${n.replace(/\./g, ',')}\u00a0₫`);

/** The placeholder names of a catalog text, in order: 'Có {n}/{total} dòng lỗi' → ['n', 'total']. */
export function placeholderNames(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

interface Template {
  /** A quick test: does the text have this template's shape at all? */
  pattern: RegExp;
  /** The fixed text around the placeholders: literals[i] comes before names[i], the last one ends the text. */
  literals: string[];
  names: string[];
  target: string;
  /** Characters of fixed text: more means more specific. */
  fixed: number;
}

const MAX_SPLITS = 64;

/**
 * Every way the text fills the template's placeholders, the shortest first value first. Two placeholders with
 * little between them ("để {type} {amount}") can split a text more than one way.
 */
function splits(text: string, t: Template): string[][] {
  const out: string[][] = [];
  const last = t.names.length - 1;
  const step = (pos: number, i: number, values: string[]) => {
    if (out.length >= MAX_SPLITS) return;
    const next = t.literals[i + 1]!;
    if (i === last) {
      const end = text.length - next.length;
      if (end > pos && text.endsWith(next)) out.push([...values, text.slice(pos, end)]);
      return;
    }
    for (let at = pos + 1; at < text.length; at++) {
      const found = next ? text.indexOf(next, at) : at;
      if (found < 0) return;
      step(found + next.length, i + 1, [...values, text.slice(pos, found)]);
      at = found;
    }
  };
  step(t.literals[0]!.length, 0, []);
  return out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const upperFirst = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
const lowerFirst = (s: string) => (s ? s[0]!.toLowerCase() + s.slice(1) : s);

function compileTemplate(source: string, target: string): Template {
  let pattern = '^';
  let last = 0;
  const names: string[] = [];
  const literals: string[] = [];
  for (const m of source.matchAll(PLACEHOLDER)) {
    const literal = source.slice(last, m.index);
    pattern += `${escapeRegExp(literal)}(.+?)`;
    literals.push(literal);
    names.push(m[1]!);
    last = m.index! + m[0].length;
  }
  const tail = source.slice(last);
  pattern += `${escapeRegExp(tail)}$`;
  literals.push(tail);
  const fixed = literals.reduce((n, l) => n + l.length, 0);
  return { pattern: new RegExp(pattern, 's'), literals, names, target, fixed };
}

/** A localiser over one catalog (the app uses MESSAGES_EN through localizeMessage; tests may pass their own). */
export function createLocalizer(catalog: Catalog): Localizer {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const [source, target] of Object.entries(catalog)) {
    if (placeholderNames(source).length) templates.push(compileTemplate(source, target));
    else exact.set(source, target);
  }
  // Stable: among equally specific templates the catalog's order decides.
  templates.sort((a, b) => b.fixed - a.fixed);

  /** An exact entry, allowing the first letter's case to differ ('thanh toán' finds 'Thanh toán'). */
  function exactish(text: string): string | undefined {
    const hit = exact.get(text);
    if (hit !== undefined) return hit;
    const first = text[0];
    if (!first || first.toLowerCase() === first.toUpperCase()) return undefined;
    if (first === first.toLowerCase()) {
      const other = exact.get(upperFirst(text));
      return other === undefined ? undefined : lowerFirst(other);
    }
    const other = exact.get(lowerFirst(text));
    return other === undefined ? undefined : upperFirst(other);
  }

  /** Labels inside a value: "Đã cất cánh" in quotes or (Đã cất cánh) in brackets. */
  function embedded(value: string): string {
    return value.replace(/"([^"]+)"|\(([^()]+)\)/g, (whole, quoted?: string, bracketed?: string) => {
      const inner = (quoted ?? bracketed)!;
      const en = exactish(inner);
      if (en === undefined) return whole;
      return quoted !== undefined ? `"${en}"` : `(${en})`;
    });
  }

  function localizeValue(value: string, depth: number): string {
    if (VI_GROUPED_INTEGER.test(value)) return value.replace(/\./g, ',');
    if (/^-?\d{1,3}(?:\.\d{3})*\u00a0₫$/.test(value)) return englishDong(value);
    if (depth > MAX_DEPTH) return value;
    const whole = translate(value, depth) ?? exactish(value);
    if (whole !== undefined) return whole;
    const inside = embedded(value);
    if (inside !== value) return inside;
    if (value.includes(', ')) {
      // A list is localised only when every item is catalog text (a list of column headers stays as typed).
      const parts = value.split(', ');
      const localized = parts.map((p) => exactish(p) ?? embedded(p));
      if (localized.every((p, i) => p !== parts[i])) return localized.join(', ');
    }
    return value;
  }

  function translate(text: string, depth: number): string | undefined {
    const hit = exact.get(text);
    if (hit !== undefined) return hit;
    for (const t of templates) {
      const m = t.pattern.exec(text);
      if (!m) continue;
      let chosen = m.slice(1);
      if (t.names.length > 1 && depth < MAX_DEPTH) {
        // Of the ways to split the text, the one whose values the catalog knows best ("thanh toán" | "150.000 đ"
        // rather than "thanh" | "toán 150.000 đ"); on a tie, the first.
        let best = -1;
        for (const candidate of splits(text, t)) {
          const known = candidate.filter((v) => exactish(v) !== undefined || translate(v, depth + 1) !== undefined).length;
          if (known > best) [best, chosen] = [known, candidate];
        }
      }
      const values = new Map(t.names.map((name, i) => [name, chosen[i]!]));
      let leadingChanged = false;
      const out = t.target.replace(PLACEHOLDER, (placeholder, name: string, offset: number) => {
        const value = values.get(name);
        if (value === undefined) return placeholder;
        const localized = localizeValue(value, depth + 1);
        if (offset === 0 && localized !== value) leadingChanged = true;
        return localized;
      });
      // "{what} not found" with what = "kiện hàng" → "Package not found".
      return leadingChanged ? upperFirst(out) : out;
    }
    return undefined;
  }

  return (text, lang) => (lang === 'en' && text ? (translate(text, 0) ?? text) : text);
}

let defaultLocalizer: Localizer | undefined;

/**
 * The message in the asked language: 'vi' returns the text as it is; 'en' gives the catalog's English, or the
 * text unchanged when the catalog has no entry for it.
 */
export function localizeMessage(text: string, lang: MessageLanguage): string {
  if (lang !== 'en') return text;
  defaultLocalizer ??= createLocalizer(MESSAGES_EN);
  return defaultLocalizer(text, lang);
}
