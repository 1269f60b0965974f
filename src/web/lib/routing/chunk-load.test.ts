import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CHUNK_RELOAD_GUARD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  ChunkLoadError,
  isChunkLoadError,
  isNewVersionDeployed,
  loadChunk,
  recoverFromChunkError,
} from './chunk-load';

function pageWithEntry(src: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (src) {
    const s = doc.createElement('script');
    s.type = 'module';
    s.src = src;
    doc.head.append(s);
  }
  return doc;
}

function indexHtml(entry: string) {
  return `<!doctype html><html><head><script src="/layout-boot.js"></script><script type="module" crossorigin src="${entry}"></script></head></html>`;
}

function fetchReturning(html: string, ok = true) {
  return vi.fn(async () => new Response(html, { status: ok ? 200 : 503 })) as unknown as typeof fetch;
}

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves with the module', async () => {
    await expect(loadChunk(async () => ({ Screen: 1 }))).resolves.toEqual({ Screen: 1 });
  });

  it('gives up after 120 s with a ChunkLoadError', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const pending = loadChunk(() => new Promise(() => {}));
    const outcome = pending.then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).timedOut).toBe(true);
  });

  it('turns a failed script or CSS fetch into a ChunkLoadError', async () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/a.js',
      'error loading dynamically imported module: http://x/assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      const error = await loadChunk(() => Promise.reject(new TypeError(message))).catch((e: unknown) => e);
      expect(error, message).toBeInstanceOf(ChunkLoadError);
      expect(isChunkLoadError(error)).toBe(true);
    }
  });

  it('lets a real bug in the module through unchanged', async () => {
    const bug = new ReferenceError('x is not defined');
    await expect(loadChunk(() => Promise.reject(bug))).rejects.toBe(bug);
    expect(isChunkLoadError(bug)).toBe(false);
  });
});

describe('isNewVersionDeployed', () => {
  it('compares the served entry script with the running one', async () => {
    const doc = pageWithEntry('/assets/index-AAA.js');
    expect(await isNewVersionDeployed(fetchReturning(indexHtml('/assets/index-BBB.js')), doc)).toBe(true);
    expect(await isNewVersionDeployed(fetchReturning(indexHtml('/assets/index-AAA.js')), doc)).toBe(false);
  });

  it('says no when it cannot tell (server down, dev server, odd page)', async () => {
    const doc = pageWithEntry('/assets/index-AAA.js');
    expect(await isNewVersionDeployed(fetchReturning('', false), doc)).toBe(false);
    expect(await isNewVersionDeployed(vi.fn(() => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch, doc)).toBe(false);
    expect(await isNewVersionDeployed(fetchReturning('<html></html>'), doc)).toBe(false);
    expect(await isNewVersionDeployed(fetchReturning(indexHtml('/assets/index-BBB.js')), pageWithEntry(null))).toBe(false);
  });
});

describe('recoverFromChunkError', () => {
  let now = 1_000_000;
  const doc = pageWithEntry('/assets/index-AAA.js');
  beforeEach(() => {
    now = 1_000_000;
    sessionStorage.clear();
  });
  const deps = (html: string, reload: () => void) => ({
    fetchImpl: fetchReturning(html),
    storage: sessionStorage,
    reload,
    now: () => now,
    doc,
  });

  it('reloads once when a new version is out, then not again inside the window', async () => {
    const reload = vi.fn();
    expect(await recoverFromChunkError(deps(indexHtml('/assets/index-NEW.js'), reload))).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_GUARD_KEY)).toBe(String(now));

    now += 10_000;
    expect(await recoverFromChunkError(deps(indexHtml('/assets/index-NEW.js'), reload))).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    now += CHUNK_RELOAD_WINDOW_MS;
    expect(await recoverFromChunkError(deps(indexHtml('/assets/index-NEWER.js'), reload))).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload when the version is unchanged (a network problem): the error screen shows', async () => {
    const reload = vi.fn();
    expect(await recoverFromChunkError(deps(indexHtml('/assets/index-AAA.js'), reload))).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RELOAD_GUARD_KEY)).toBeNull();
  });
});
