import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ALLOWED_VALUES,
  applyColorModeToDocument,
  applyLayoutToDocument,
  changeLayoutSetting,
  COLOR_MODE_STORAGE_KEY,
  DEFAULT_LAYOUT_SETTINGS,
  LAYOUT_STORAGE_KEY,
  layoutAttributes,
  loadColorModePreference,
  loadLayoutSettings,
  parseLayoutSettings,
  resolveColorMode,
  RIGHT_SIDEBAR_BODY_CLASS,
  saveColorModePreference,
  saveLayoutSettings,
  type LayoutSettingKey,
  type LayoutSettings,
} from './layout-settings';
import { layoutStore } from './use-layout-settings';

const KEYS = Object.keys(ALLOWED_VALUES) as LayoutSettingKey[];

function resetDocument() {
  for (const name of [...document.documentElement.getAttributeNames()]) document.documentElement.removeAttribute(name);
  document.body.className = '';
}

beforeEach(() => {
  localStorage.clear();
  resetDocument();
});

describe('defaults', () => {
  it('are exactly the table', () => {
    expect(DEFAULT_LAYOUT_SETTINGS).toEqual({
      layoutType: 'horizontal',
      layoutWidth: 'fluid',
      menuPosition: 'fixed',
      leftSideBarTheme: 'light',
      leftSideBarType: 'default',
      showSidebarUserInfo: false,
      topbarTheme: 'light',
      rightSidebarOpen: false,
    });
  });

  it('allow exactly the values of the table', () => {
    expect(ALLOWED_VALUES).toEqual({
      layoutType: ['vertical', 'horizontal', 'detached', 'two-column'],
      layoutWidth: ['fluid', 'boxed'],
      menuPosition: ['fixed', 'scrollable'],
      leftSideBarTheme: ['light', 'dark'],
      leftSideBarType: ['default', 'condensed', 'compact'],
      showSidebarUserInfo: [true, false],
      topbarTheme: ['light', 'dark'],
      rightSidebarOpen: [true, false],
    });
  });

  it('are what a browser with nothing stored gets', () => {
    expect(loadLayoutSettings()).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });
});

describe('changeLayoutSetting', () => {
  for (const key of KEYS) {
    for (const value of ALLOWED_VALUES[key]) {
      it(`sets ${key} = ${String(value)} and it survives a reload`, () => {
        const next = changeLayoutSetting({ ...DEFAULT_LAYOUT_SETTINGS }, key, value as never);
        expect(next[key]).toBe(value);
        saveLayoutSettings(next);
        expect(loadLayoutSettings()).toEqual(next);
      });
    }
  }

  it('refuses values outside the table', () => {
    expect(() => changeLayoutSetting({ ...DEFAULT_LAYOUT_SETTINGS }, 'layoutType', 'grid' as never)).toThrow(RangeError);
    expect(() => changeLayoutSetting({ ...DEFAULT_LAYOUT_SETTINGS }, 'showSidebarUserInfo', 'yes' as never)).toThrow(RangeError);
  });

  it('does not mutate its input', () => {
    const before = { ...DEFAULT_LAYOUT_SETTINGS };
    changeLayoutSetting(before, 'layoutWidth', 'boxed');
    expect(before).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });
});

describe('boxed ↔ condensed', () => {
  for (const type of ALLOWED_VALUES.leftSideBarType) {
    it(`boxed makes a ${type} sidebar condensed, fluid makes it default`, () => {
      const start: LayoutSettings = { ...DEFAULT_LAYOUT_SETTINGS, leftSideBarType: type, layoutType: 'vertical' };
      const boxed = changeLayoutSetting(start, 'layoutWidth', 'boxed');
      expect(boxed).toEqual({ ...start, layoutWidth: 'boxed', leftSideBarType: 'condensed' });
      const fluid = changeLayoutSetting(boxed, 'layoutWidth', 'fluid');
      expect(fluid).toEqual({ ...start, layoutWidth: 'fluid', leftSideBarType: 'default' });
    });
  }

  it('still lets the user pick another sidebar type while boxed', () => {
    const boxed = changeLayoutSetting({ ...DEFAULT_LAYOUT_SETTINGS }, 'layoutWidth', 'boxed');
    const compact = changeLayoutSetting(boxed, 'leftSideBarType', 'compact');
    expect(compact.layoutWidth).toBe('boxed');
    expect(compact.leftSideBarType).toBe('compact');
  });

  it('no other setting changes the sidebar type', () => {
    const condensed: LayoutSettings = { ...DEFAULT_LAYOUT_SETTINGS, leftSideBarType: 'condensed' };
    for (const key of KEYS.filter((k) => k !== 'layoutWidth' && k !== 'leftSideBarType')) {
      for (const value of ALLOWED_VALUES[key]) {
        expect(changeLayoutSetting(condensed, key, value as never).leftSideBarType).toBe('condensed');
      }
    }
  });
});

describe('persistence', () => {
  it('stores JSON under cargo.layout', () => {
    const s = changeLayoutSetting({ ...DEFAULT_LAYOUT_SETTINGS }, 'layoutType', 'detached');
    saveLayoutSettings(s);
    expect(JSON.parse(localStorage.getItem(LAYOUT_STORAGE_KEY)!)).toEqual(s);
  });

  it('keeps valid stored values and defaults the rest', () => {
    localStorage.setItem(LAYOUT_STORAGE_KEY, JSON.stringify({ layoutType: 'two-column', topbarTheme: 'purple', extra: 1 }));
    expect(loadLayoutSettings()).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, layoutType: 'two-column' });
  });

  it('survives corrupt or foreign storage', () => {
    localStorage.setItem(LAYOUT_STORAGE_KEY, '{not json');
    expect(loadLayoutSettings()).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(parseLayoutSettings(null)).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(parseLayoutSettings('vertical')).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(parseLayoutSettings({ showSidebarUserInfo: 'true' })).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem() {
        throw new Error('denied');
      },
      setItem() {
        throw new Error('quota');
      },
    } as unknown as Storage;
    expect(loadLayoutSettings(broken)).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(() => saveLayoutSettings({ ...DEFAULT_LAYOUT_SETTINGS }, broken)).not.toThrow();
    expect(loadColorModePreference(broken)).toBe('auto');
  });
});

describe('colour mode', () => {
  it('follows the OS until the user picks, and a pick is remembered', () => {
    expect(loadColorModePreference()).toBe('auto');
    expect(resolveColorMode('auto', true)).toBe('dark');
    expect(resolveColorMode('auto', false)).toBe('light');
    saveColorModePreference('dark');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
    expect(loadColorModePreference()).toBe('dark');
    expect(resolveColorMode('dark', false)).toBe('dark');
    expect(resolveColorMode('light', true)).toBe('light');
    saveColorModePreference('auto');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBeNull();
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'sepia');
    expect(loadColorModePreference()).toBe('auto');
  });

  it('sets data-bs-theme', () => {
    applyColorModeToDocument('dark');
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
  });
});

describe('applying to the document', () => {
  it('sets every attribute and toggles the right-sidebar body class', () => {
    const s: LayoutSettings = {
      layoutType: 'two-column',
      layoutWidth: 'boxed',
      menuPosition: 'scrollable',
      leftSideBarTheme: 'dark',
      leftSideBarType: 'compact',
      showSidebarUserInfo: true,
      topbarTheme: 'dark',
      rightSidebarOpen: true,
    };
    applyLayoutToDocument(s);
    const html = document.documentElement;
    expect(html.getAttribute('data-layout')).toBe('two-column');
    expect(html.getAttribute('data-layout-width')).toBe('boxed');
    expect(html.getAttribute('data-menu-position')).toBe('scrollable');
    expect(html.getAttribute('data-sidebar')).toBe('dark');
    expect(html.getAttribute('data-sidebar-size')).toBe('compact');
    expect(html.getAttribute('data-sidebar-user')).toBe('show');
    expect(html.getAttribute('data-topbar')).toBe('dark');
    expect(document.body.classList.contains(RIGHT_SIDEBAR_BODY_CLASS)).toBe(true);
    applyLayoutToDocument({ ...s, rightSidebarOpen: false });
    expect(document.body.classList.contains(RIGHT_SIDEBAR_BODY_CLASS)).toBe(false);
  });
});

describe('public/layout-boot.js (before first paint) agrees with these rules', () => {
  const boot = readFileSync(path.resolve(__dirname, '../public/layout-boot.js'), 'utf8');
  const runBoot = () => new Function(boot)();

  const stored: Array<[string, unknown]> = [
    ['nothing stored', undefined],
    ['every non-default value', { layoutType: 'vertical', layoutWidth: 'boxed', menuPosition: 'scrollable', leftSideBarTheme: 'dark', leftSideBarType: 'compact', showSidebarUserInfo: true, topbarTheme: 'dark' }],
    ['detached and condensed', { layoutType: 'detached', leftSideBarType: 'condensed' }],
    ['two-column', { layoutType: 'two-column' }],
    ['junk values', { layoutType: 'grid', layoutWidth: 42, showSidebarUserInfo: 'yes', topbarTheme: null }],
  ];
  for (const [label, value] of stored) {
    it(`sets the same attributes as the app: ${label}`, () => {
      if (value !== undefined) localStorage.setItem(LAYOUT_STORAGE_KEY, JSON.stringify(value));
      runBoot();
      const expected = layoutAttributes(loadLayoutSettings());
      for (const [name, v] of Object.entries(expected)) expect(document.documentElement.getAttribute(name), name).toBe(v);
    });
  }

  it('applies a stored colour mode and language', () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    localStorage.setItem('cargo.lang', 'en');
    runBoot();
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
    expect(document.documentElement.getAttribute('lang')).toBe('en');
  });

  it('survives corrupt storage with the defaults', () => {
    localStorage.setItem(LAYOUT_STORAGE_KEY, '{oops');
    runBoot();
    expect(document.documentElement.getAttribute('data-layout')).toBe('horizontal');
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('light');
  });
});

describe('layoutStore', () => {
  it('applies, persists and notifies on every change', () => {
    layoutStore.reload();
    let calls = 0;
    const unsubscribe = layoutStore.subscribe(() => calls++);
    layoutStore.set('layoutType', 'vertical');
    layoutStore.set('layoutWidth', 'boxed');
    expect(calls).toBe(2);
    expect(layoutStore.getState().settings.leftSideBarType).toBe('condensed');
    expect(document.documentElement.getAttribute('data-layout')).toBe('vertical');
    expect(document.documentElement.getAttribute('data-sidebar-size')).toBe('condensed');
    expect(loadLayoutSettings()).toMatchObject({ layoutType: 'vertical', layoutWidth: 'boxed', leftSideBarType: 'condensed' });
    unsubscribe();
  });

  it('opening the right sidebar toggles the body class', () => {
    layoutStore.reload();
    layoutStore.set('rightSidebarOpen', true);
    expect(document.body.classList.contains(RIGHT_SIDEBAR_BODY_CLASS)).toBe(true);
    layoutStore.set('rightSidebarOpen', false);
    expect(document.body.classList.contains(RIGHT_SIDEBAR_BODY_CLASS)).toBe(false);
  });

  it('reset returns to the SPEC defaults and the OS colour mode, leaving the panel as it is', () => {
    layoutStore.reload();
    layoutStore.set('rightSidebarOpen', true);
    layoutStore.set('layoutType', 'detached');
    layoutStore.set('topbarTheme', 'dark');
    layoutStore.setColorMode('dark');
    layoutStore.reset();
    expect(layoutStore.getState().settings).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, rightSidebarOpen: true });
    expect(layoutStore.getState().colorModePreference).toBe('auto');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.getAttribute('data-layout')).toBe('horizontal');
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('light');
  });
});
