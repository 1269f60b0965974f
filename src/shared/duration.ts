/** Parses durations such as "8s", "15m", "12h", "7d" or a bare number of seconds into milliseconds. */
export function parseDuration(input: string): number {
  const m = /^\s*(\d+)\s*(ms|s|m|h|d)?\s*$/.exec(input);
  if (!m) throw new Error(`Invalid duration: ${input}`);
  const n = Number(m[1]);
  const unit = m[2] ?? 's';
  const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit]!;
  return n * factor;
}
