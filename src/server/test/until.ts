/**
 * Reads `read` every 250 ms until `ok` holds or `ms` have passed, and answers the last value read: the caller's
 * assertions say what was wrong. For tests waiting on background work (a job queue, another process). Not shipped.
 */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 40_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 250));
    v = await read();
  }
  return v;
}
