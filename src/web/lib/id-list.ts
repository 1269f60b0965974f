/** `3,1,2` (a URL's `?ids=`) → [3, 1, 2]: positive integers, first occurrence kept, at most `max`; anything else is left out. */
export function parseIdList(raw: string | null, max: number): number[] {
  const ids = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,15}$/.test(s))
    .map(Number)
    .filter((n) => n > 0);
  return [...new Set(ids)].slice(0, max);
}
