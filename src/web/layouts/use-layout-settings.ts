import { useSyncExternalStore } from 'react';
import {
  applyColorModeToDocument,
  applyLayoutToDocument,
  changeLayoutSetting,
  COLOR_MODE_STORAGE_KEY,
  DEFAULT_LAYOUT_SETTINGS,
  LAYOUT_STORAGE_KEY,
  loadColorModePreference,
  loadLayoutSettings,
  resolveColorMode,
  saveColorModePreference,
  saveLayoutSettings,
  type ColorMode,
  type ColorModePreference,
  type LayoutSettingKey,
  type LayoutSettings,
} from './layout-settings';

/** The one client-side store of layout settings and colour mode, shared by every layout and the settings panel. */
interface LayoutState {
  settings: LayoutSettings;
  colorModePreference: ColorModePreference;
  colorMode: ColorMode;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();
let state: LayoutState = readInitialState();
let systemQuery: MediaQueryList | null = null;

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

function readInitialState(): LayoutState {
  const colorModePreference = loadColorModePreference();
  return {
    settings: loadLayoutSettings(),
    colorModePreference,
    colorMode: resolveColorMode(colorModePreference, systemPrefersDark()),
  };
}

function commit(next: LayoutState) {
  state = next;
  if (typeof document !== 'undefined') {
    applyLayoutToDocument(state.settings);
    applyColorModeToDocument(state.colorMode);
  }
  for (const listener of listeners) listener();
}

function onSystemChange() {
  if (state.colorModePreference !== 'auto') return;
  commit({ ...state, colorMode: resolveColorMode('auto', systemPrefersDark()) });
}

/** Another tab changed the settings: follow it, but keep this tab's own panel open or closed. */
function onStorage(event: StorageEvent) {
  if (event.key !== LAYOUT_STORAGE_KEY && event.key !== COLOR_MODE_STORAGE_KEY && event.key !== null) return;
  const fresh = readInitialState();
  commit({ ...fresh, settings: { ...fresh.settings, rightSidebarOpen: state.settings.rightSidebarOpen } });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') {
    window.addEventListener('storage', onStorage);
    if (typeof window.matchMedia === 'function') {
      systemQuery = window.matchMedia(DARK_QUERY);
      systemQuery.addEventListener?.('change', onSystemChange);
    }
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('storage', onStorage);
      systemQuery?.removeEventListener?.('change', onSystemChange);
      systemQuery = null;
    }
  };
}

export const layoutStore = {
  getState: () => state,
  subscribe,
  set<K extends LayoutSettingKey>(key: K, value: LayoutSettings[K]) {
    const settings = changeLayoutSetting(state.settings, key, value);
    saveLayoutSettings(settings);
    commit({ ...state, settings });
  },
  /** Back to the default layout settings and the OS colour mode; the panel stays open so the user sees the result. */
  reset() {
    const settings = { ...DEFAULT_LAYOUT_SETTINGS, rightSidebarOpen: state.settings.rightSidebarOpen };
    saveLayoutSettings(settings);
    saveColorModePreference('auto');
    commit({ settings, colorModePreference: 'auto', colorMode: resolveColorMode('auto', systemPrefersDark()) });
  },
  setColorMode(pref: ColorModePreference) {
    saveColorModePreference(pref);
    commit({ ...state, colorModePreference: pref, colorMode: resolveColorMode(pref, systemPrefersDark()) });
  },
  /** Re-reads storage and re-applies to the document (start-up, and tests). */
  reload() {
    commit(readInitialState());
  },
};

export function useLayoutState(): LayoutState {
  return useSyncExternalStore(subscribe, layoutStore.getState, layoutStore.getState);
}

export function useLayoutSettings(): LayoutSettings {
  return useLayoutState().settings;
}
