import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Which columns a user hid and how wide they made the others, per table and per browser (localStorage), so a
 * list looks the way they left it tomorrow. Unknown or malformed stored data is ignored, never fatal.
 */

const COLUMN_PREFS_PREFIX = 'cargo.table.';
const MIN_WIDTH = 48;
const MAX_WIDTH = 1200;

export interface ColumnPrefs {
  /** Only the columns the user switched from their default: true = shown, false = hidden. */
  visibility: Record<string, boolean>;
  sizes: Record<string, number>;
}

const EMPTY: ColumnPrefs = { visibility: {}, sizes: {} };

export function columnPrefsKey(tableId: string): string {
  return COLUMN_PREFS_PREFIX + tableId;
}

function loadColumnPrefs(tableId: string): ColumnPrefs {
  try {
    const raw = localStorage.getItem(columnPrefsKey(tableId));
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<ColumnPrefs> | null;
    const visibility: Record<string, boolean> = {};
    if (parsed?.visibility && typeof parsed.visibility === 'object') {
      for (const [id, shown] of Object.entries(parsed.visibility)) if (typeof shown === 'boolean') visibility[id] = shown;
    }
    const sizes: Record<string, number> = {};
    if (parsed?.sizes && typeof parsed.sizes === 'object') {
      for (const [id, w] of Object.entries(parsed.sizes)) {
        if (typeof w === 'number' && Number.isFinite(w)) sizes[id] = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w)));
      }
    }
    return { visibility, sizes };
  } catch {
    return EMPTY;
  }
}

function saveColumnPrefs(tableId: string, prefs: ColumnPrefs): void {
  try {
    if (!Object.keys(prefs.visibility).length && !Object.keys(prefs.sizes).length) localStorage.removeItem(columnPrefsKey(tableId));
    else localStorage.setItem(columnPrefsKey(tableId), JSON.stringify(prefs));
  } catch {
    // Private mode or a full quota: the choice still holds for this visit.
  }
}

/** The prefs of one table with setters that persist; widths are saved once a drag settles, not on every pixel. */
export function useColumnPrefs(tableId: string) {
  const [prefs, setPrefs] = useState<ColumnPrefs>(() => loadColumnPrefs(tableId));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(prefs);
  latest.current = prefs;

  useEffect(() => () => {
    if (timer.current) {
      clearTimeout(timer.current);
      saveColumnPrefs(tableId, latest.current);
    }
  }, [tableId]);

  const setVisibility = useCallback(
    (visibility: Record<string, boolean>) => {
      setPrefs((p) => {
        const next = { ...p, visibility };
        saveColumnPrefs(tableId, next);
        return next;
      });
    },
    [tableId],
  );

  const setSizes = useCallback(
    (sizes: Record<string, number>) => {
      setPrefs((p) => ({ ...p, sizes }));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        saveColumnPrefs(tableId, latest.current);
      }, 300);
    },
    [tableId],
  );

  const reset = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    saveColumnPrefs(tableId, EMPTY);
    setPrefs(EMPTY);
  }, [tableId]);

  return { prefs, setVisibility, setSizes, reset };
}
