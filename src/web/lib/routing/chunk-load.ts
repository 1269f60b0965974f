/**
 * Loading of code-split chunks: a script chunk or its CSS that does not arrive within 120 s
 * fails with a ChunkLoadError instead of hanging; when a chunk fails because a new version was deployed
 * (the old hashed files are gone), the page reloads by itself, once.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** sessionStorage: when this tab last reloaded itself for a failed chunk. */
export const CHUNK_RELOAD_GUARD_KEY = 'cargo.chunkReloadAt';
/** A second automatic reload inside this window would be a loop, so the error screen is shown instead. */
export const CHUNK_RELOAD_WINDOW_MS = 5 * 60_000;

export class ChunkLoadError extends Error {
  readonly code = 'CHUNK_LOAD_FAILED';
  readonly timedOut: boolean;
  constructor(message: string, options: { cause?: unknown; timedOut?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ChunkLoadError';
    this.timedOut = options.timedOut ?? false;
  }
}

/** The messages browsers and Vite's preload helper use when a module or its CSS cannot be fetched. */
const LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && LOAD_FAILURE.test(error.message);
}

/** Runs a dynamic import with the 120 s timeout; load failures become ChunkLoadError, other errors pass through. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Chunk did not load within ${Math.round(timeoutMs / 1000)} s`, { timedOut: true })),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(isChunkLoadError(error) ? asChunkLoadError(error) : error);
      },
    );
  });
}

function asChunkLoadError(error: unknown): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  return new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error });
}

/** The hashed entry script of the running page, e.g. "/assets/index-AbC123.js" (null in the dev server). */
function currentEntryScript(doc: Document = document): string | null {
  const src = doc.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')?.getAttribute('src');
  return src ? pathOf(src) : null;
}

function pathOf(src: string): string {
  return new URL(src, window.location.href).pathname;
}

/** Asks the server for index.html and compares its entry script with ours: different means a new deployment. */
export async function isNewVersionDeployed(fetchImpl: typeof fetch = fetch, doc: Document = document): Promise<boolean> {
  const mine = currentEntryScript(doc);
  if (!mine) return false;
  try {
    const res = await fetchImpl('/', { cache: 'no-store', headers: { accept: 'text/html' } });
    if (!res.ok) return false;
    const html = await res.text();
    const match = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html) ?? /<script[^>]+src="([^"]+)"[^>]+type="module"/.exec(html);
    if (!match) return false;
    return pathOf(match[1]) !== mine;
  } catch {
    return false;
  }
}

interface RecoveryDeps {
  fetchImpl?: typeof fetch;
  storage?: Storage;
  reload?: () => void;
  now?: () => number;
  doc?: Document;
}

let recovering: Promise<boolean> | null = null;

/**
 * After a chunk failed: reload the page when a new version is out, at most once per CHUNK_RELOAD_WINDOW_MS
 * in this tab. Resolves true when a reload was started (the caller keeps showing a spinner), false when the
 * caller should show the "failed to load — reload" error.
 */
export function recoverFromChunkError(deps: RecoveryDeps = {}): Promise<boolean> {
  recovering ??= attemptRecovery(deps).finally(() => {
    recovering = null;
  });
  return recovering;
}

async function attemptRecovery({
  fetchImpl = fetch,
  storage = sessionStorage,
  reload = () => window.location.reload(),
  now = Date.now,
  doc = document,
}: RecoveryDeps): Promise<boolean> {
  let last = 0;
  try {
    last = Number(storage.getItem(CHUNK_RELOAD_GUARD_KEY)) || 0;
  } catch {}
  if (last && now() - last < CHUNK_RELOAD_WINDOW_MS) return false;
  if (!(await isNewVersionDeployed(fetchImpl, doc))) return false;
  try {
    storage.setItem(CHUNK_RELOAD_GUARD_KEY, String(now()));
  } catch {
    // Without the guard a reload could loop; better to show the error and let the user reload.
    return false;
  }
  reload();
  return true;
}

/**
 * Vite fires `vite:preloadError` when a chunk's JS or CSS fails to preload (also for CSS of a module that
 * otherwise loaded). The error still reaches the route, which shows the failure screen; this only starts the
 * one automatic reload as early as possible.
 */
export function installChunkErrorRecovery(target: Window = window) {
  target.addEventListener('vite:preloadError', () => {
    void recoverFromChunkError();
  });
}
