/**
 * Layout settings: allowed values, defaults, the boxed ↔ condensed rule, persistence and the
 * <html> attributes the CSS keys on. public/layout-boot.js repeats the storage keys and attribute names so
 * the saved layout is applied before the first paint; keep the two in step.
 */

const LAYOUT_TYPES = ['vertical', 'horizontal', 'detached', 'two-column'] as const;
const LAYOUT_WIDTHS = ['fluid', 'boxed'] as const;
const MENU_POSITIONS = ['fixed', 'scrollable'] as const;
const SIDEBAR_THEMES = ['light', 'dark'] as const;
const SIDEBAR_TYPES = ['default', 'condensed', 'compact'] as const;
const TOPBAR_THEMES = ['light', 'dark'] as const;
export const COLOR_MODES = ['light', 'dark', 'auto'] as const;

export type LayoutType = (typeof LAYOUT_TYPES)[number];
type LayoutWidth = (typeof LAYOUT_WIDTHS)[number];
type MenuPosition = (typeof MENU_POSITIONS)[number];
type SidebarTheme = (typeof SIDEBAR_THEMES)[number];
type SidebarType = (typeof SIDEBAR_TYPES)[number];
type TopbarTheme = (typeof TOPBAR_THEMES)[number];
/** 'auto' follows the operating system; it is what a browser has until the user picks. */
export type ColorModePreference = (typeof COLOR_MODES)[number];
export type ColorMode = Exclude<ColorModePreference, 'auto'>;

export interface LayoutSettings {
  layoutType: LayoutType;
  layoutWidth: LayoutWidth;
  menuPosition: MenuPosition;
  leftSideBarTheme: SidebarTheme;
  leftSideBarType: SidebarType;
  showSidebarUserInfo: boolean;
  topbarTheme: TopbarTheme;
  rightSidebarOpen: boolean;
}

export type LayoutSettingKey = keyof LayoutSettings;

/** The defaults: what a first visit and a reset give. */
export const DEFAULT_LAYOUT_SETTINGS: Readonly<LayoutSettings> = Object.freeze({
  layoutType: 'horizontal',
  layoutWidth: 'fluid',
  menuPosition: 'fixed',
  leftSideBarTheme: 'light',
  leftSideBarType: 'default',
  showSidebarUserInfo: false,
  topbarTheme: 'light',
  rightSidebarOpen: false,
});

export const ALLOWED_VALUES: { readonly [K in LayoutSettingKey]: readonly LayoutSettings[K][] } = {
  layoutType: LAYOUT_TYPES,
  layoutWidth: LAYOUT_WIDTHS,
  menuPosition: MENU_POSITIONS,
  leftSideBarTheme: SIDEBAR_THEMES,
  leftSideBarType: SIDEBAR_TYPES,
  showSidebarUserInfo: [true, false],
  topbarTheme: TOPBAR_THEMES,
  rightSidebarOpen: [true, false],
};

export const LAYOUT_STORAGE_KEY = 'cargo.layout';
export const COLOR_MODE_STORAGE_KEY = 'cargo.colorMode';
/** Body class present while the right sidebar (the settings panel) is open. */
export const RIGHT_SIDEBAR_BODY_CLASS = 'right-bar-enabled';

function isAllowed<K extends LayoutSettingKey>(key: K, value: unknown): value is LayoutSettings[K] {
  return (ALLOWED_VALUES[key] as readonly unknown[]).includes(value);
}

/**
 * Returns the settings after the user chose `value` for `key`. Choosing boxed width makes the sidebar
 * condensed and choosing fluid makes it default, even when the width does not change, because
 * that is what the user asked for by picking it. A value outside the allowed set is refused.
 */
export function changeLayoutSetting<K extends LayoutSettingKey>(
  settings: LayoutSettings,
  key: K,
  value: LayoutSettings[K],
): LayoutSettings {
  if (!isAllowed(key, value)) throw new RangeError(`Invalid value for layout setting ${key}: ${String(value)}`);
  const next: LayoutSettings = { ...settings, [key]: value };
  if (key === 'layoutWidth') next.leftSideBarType = value === 'boxed' ? 'condensed' : 'default';
  return next;
}

/** Reads stored settings leniently: a missing or unknown value falls back to its default, never throws. */
export function parseLayoutSettings(raw: unknown): LayoutSettings {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const result = { ...DEFAULT_LAYOUT_SETTINGS } as Record<LayoutSettingKey, unknown>;
  for (const key of Object.keys(DEFAULT_LAYOUT_SETTINGS) as LayoutSettingKey[]) {
    if (isAllowed(key, source[key])) result[key] = source[key];
  }
  return result as unknown as LayoutSettings;
}

export function loadLayoutSettings(storage: Storage | undefined = safeLocalStorage()): LayoutSettings {
  try {
    const text = storage?.getItem(LAYOUT_STORAGE_KEY);
    return parseLayoutSettings(text ? JSON.parse(text) : null);
  } catch {
    return { ...DEFAULT_LAYOUT_SETTINGS };
  }
}

export function saveLayoutSettings(settings: LayoutSettings, storage: Storage | undefined = safeLocalStorage()) {
  try {
    storage?.setItem(LAYOUT_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private mode or a full quota: the layout still works for this page, it just is not remembered.
  }
}

export function loadColorModePreference(storage: Storage | undefined = safeLocalStorage()): ColorModePreference {
  try {
    const value = storage?.getItem(COLOR_MODE_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'auto';
  } catch {
    return 'auto';
  }
}

/** 'auto' is stored as the absence of a choice, so the OS keeps deciding. */
export function saveColorModePreference(pref: ColorModePreference, storage: Storage | undefined = safeLocalStorage()) {
  try {
    if (pref === 'auto') storage?.removeItem(COLOR_MODE_STORAGE_KEY);
    else storage?.setItem(COLOR_MODE_STORAGE_KEY, pref);
  } catch {}
}

export function resolveColorMode(pref: ColorModePreference, systemPrefersDark: boolean): ColorMode {
  if (pref === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return pref;
}

/** The attributes on <html> that the layout CSS keys on (same names as public/layout-boot.js). */
export function layoutAttributes(settings: LayoutSettings): Record<string, string> {
  return {
    'data-layout': settings.layoutType,
    'data-layout-width': settings.layoutWidth,
    'data-menu-position': settings.menuPosition,
    'data-sidebar': settings.leftSideBarTheme,
    'data-sidebar-size': settings.leftSideBarType,
    'data-sidebar-user': settings.showSidebarUserInfo ? 'show' : 'hide',
    'data-topbar': settings.topbarTheme,
  };
}

export function applyLayoutToDocument(settings: LayoutSettings, doc: Document = document) {
  const root = doc.documentElement;
  for (const [name, value] of Object.entries(layoutAttributes(settings))) root.setAttribute(name, value);
  doc.body?.classList.toggle(RIGHT_SIDEBAR_BODY_CLASS, settings.rightSidebarOpen);
}

export function applyColorModeToDocument(mode: ColorMode, doc: Document = document) {
  doc.documentElement.setAttribute('data-bs-theme', mode);
}

/** Whether the layout has a left sidebar (vertical, detached, two-column); horizontal has a menu bar instead. */
export function hasSidebar(type: LayoutType): boolean {
  return type !== 'horizontal';
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
