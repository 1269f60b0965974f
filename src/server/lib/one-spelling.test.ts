import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One spelling of a word across the console: "Hủy" (the accent on the u, as the Vietnamese keyboard and most
 * screens write it), never "Huỷ". Released migrations keep the old text they match in stored notes.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SCANNED = ['src', 'e2e', 'README.md'];
const EXCLUDED = [path.join('src', 'server', 'db', 'migrations')];
const OTHER_SPELLING = /[Hh]uỷ|HUỶ/u;

function files(p: string): string[] {
  const full = path.join(ROOT, p);
  if (EXCLUDED.some((e) => p.startsWith(e))) return [];
  if (statSync(full).isDirectory()) return readdirSync(full).flatMap((f) => files(path.join(p, f)));
  return /\.(ts|tsx|json|md|mjs)$/.test(p) && !p.endsWith('one-spelling.test.ts') ? [p] : [];
}

describe('one spelling', () => {
  it('writes "Hủy", never "Huỷ", in every screen text, message and document', () => {
    const found = SCANNED.flatMap(files).filter((f) => OTHER_SPELLING.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
