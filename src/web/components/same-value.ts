/** JSON with object keys sorted, so two records that differ only in key order (jsonb reorders keys) compare equal. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Two field values as the API stores them: '' , null and undefined are all "nothing"; key order does not matter. */
export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === '' || v === undefined ? null : v);
  return stableJson(norm(a)) === stableJson(norm(b));
}
