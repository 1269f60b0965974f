import { Fragment, useId } from 'react';
import { Offcanvas } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  ALLOWED_VALUES,
  COLOR_MODES,
  hasSidebar,
  type ColorModePreference,
  type LayoutSettingKey,
  type LayoutSettings,
} from './layout-settings';
import { layoutStore, useLayoutState } from './use-layout-settings';

export const SETTINGS_PANEL_ID = 'layout-settings-panel';

type ChoiceKey = Exclude<LayoutSettingKey, 'showSidebarUserInfo' | 'rightSidebarOpen' | 'layoutType'>;

interface ChoiceProps<V extends string> {
  name: string;
  legend: string;
  value: V;
  options: readonly V[];
  label: (value: V) => string;
  onChange: (value: V) => void;
  disabled?: boolean;
  hint?: string;
}

/** A setting as a row of radio buttons: arrow keys move and apply at once, like every change in this panel. */
function Choice<V extends string>({ name, legend, value, options, label, onChange, disabled, hint }: ChoiceProps<V>) {
  const id = useId();
  return (
    <fieldset className="settings-group" disabled={disabled} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="settings-legend">{legend}</legend>
      <div className="btn-group w-100 settings-choice">
        {options.map((option) => (
          <Fragment key={option}>
            <input
              type="radio"
              className="btn-check"
              name={`${id}-${name}`}
              id={`${id}-${option}`}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <label className="btn btn-outline-primary btn-sm" htmlFor={`${id}-${option}`}>
              {label(option)}
            </label>
          </Fragment>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="form-text mb-0">
          {hint}
        </p>
      )}
    </fieldset>
  );
}

/** The right sidebar: every layout setting (layout-settings.ts) plus the colour mode, applied live, with a reset. */
export function RightSidebar() {
  const { t } = useTranslation('shell');
  const { settings, colorModePreference } = useLayoutState();
  const typeId = useId();
  const withSidebar = hasSidebar(settings.layoutType);
  const set = <K extends LayoutSettingKey>(key: K) => (value: LayoutSettings[K]) => layoutStore.set(key, value);
  const choice = <K extends ChoiceKey>(key: K, group: string) => ({
    name: key,
    value: settings[key],
    options: ALLOWED_VALUES[key] as readonly LayoutSettings[K][],
    label: (v: LayoutSettings[K]) => t(`settings.${group}.${String(v)}` as string),
    onChange: set(key),
  });

  return (
    <Offcanvas
      show={settings.rightSidebarOpen}
      onHide={() => layoutStore.set('rightSidebarOpen', false)}
      placement="end"
      id={SETTINGS_PANEL_ID}
      className="settings-panel"
      backdropClassName="settings-backdrop"
      aria-labelledby="settings-panel-title"
    >
      <Offcanvas.Header closeButton closeLabel={t('settings.close')}>
        <div>
          <Offcanvas.Title id="settings-panel-title" as="h2" className="h5 mb-1">
            {t('settings.title')}
          </Offcanvas.Title>
          <p className="small text-body-secondary mb-0">{t('settings.intro')}</p>
        </div>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <Choice<ColorModePreference>
          name="colorMode"
          legend={t('settings.colorMode')}
          value={colorModePreference}
          options={COLOR_MODES}
          label={(v) => t(`topbar.${v}`)}
          onChange={(v) => layoutStore.setColorMode(v)}
        />

        <fieldset className="settings-group">
          <legend className="settings-legend">{t('settings.layoutType')}</legend>
          <div className="layout-thumbs">
            {ALLOWED_VALUES.layoutType.map((type) => (
              <Fragment key={type}>
                <input
                  type="radio"
                  className="btn-check"
                  name={`${typeId}-layoutType`}
                  id={`${typeId}-${type}`}
                  value={type}
                  checked={settings.layoutType === type}
                  onChange={() => layoutStore.set('layoutType', type)}
                />
                <label className="layout-thumb" htmlFor={`${typeId}-${type}`}>
                  <span className={`layout-thumb-img layout-thumb-${type}`} aria-hidden="true">
                    <span className="lt-top" />
                    <span className="lt-side" />
                    <span className="lt-side2" />
                    <span className="lt-nav" />
                    <span className="lt-body" />
                  </span>
                  <span className="layout-thumb-label">{t(`settings.layoutTypes.${type}`)}</span>
                </label>
              </Fragment>
            ))}
          </div>
        </fieldset>

        <Choice {...choice('layoutWidth', 'layoutWidths')} legend={t('settings.layoutWidth')} hint={t('settings.boxedHint')} />
        <Choice {...choice('menuPosition', 'menuPositions')} legend={t('settings.menuPosition')} />
        <Choice {...choice('topbarTheme', 'topbarThemes')} legend={t('settings.topbarTheme')} />
        <Choice
          {...choice('leftSideBarTheme', 'sidebarThemes')}
          legend={withSidebar ? t('settings.sidebarTheme') : t('settings.sidebarThemeHorizontal')}
        />
        <Choice
          {...choice('leftSideBarType', 'sidebarTypes')}
          legend={t('settings.sidebarType')}
          disabled={!withSidebar}
          hint={withSidebar ? undefined : t('settings.onlyWithSidebar')}
        />
        <fieldset className="settings-group" disabled={!withSidebar}>
          <div className="form-check form-switch">
            <input
              className="form-check-input"
              type="checkbox"
              role="switch"
              id="settings-sidebar-user"
              checked={settings.showSidebarUserInfo}
              onChange={(e) => layoutStore.set('showSidebarUserInfo', e.target.checked)}
              aria-describedby={withSidebar ? undefined : 'settings-sidebar-user-hint'}
            />
            <label className="form-check-label" htmlFor="settings-sidebar-user">
              {t('settings.sidebarUser')}
            </label>
          </div>
          {!withSidebar && (
            <p id="settings-sidebar-user-hint" className="form-text mb-0">
              {t('settings.onlyWithSidebar')}
            </p>
          )}
        </fieldset>
      </Offcanvas.Body>
      <div className="settings-panel-footer">
        <button type="button" className="btn btn-outline-danger w-100" onClick={() => layoutStore.reset()}>
          <i className="bi bi-arrow-counterclockwise me-2" aria-hidden="true" />
          {t('settings.reset')}
        </button>
      </div>
    </Offcanvas>
  );
}
