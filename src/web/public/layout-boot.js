/* Runs before first paint: applies the saved colour mode and layout settings to <html>, so the first frame
   already has the right theme and layout. Kept tiny and dependency-free (an external file: the CSP forbids
   inline script). The rules live in src/web/layouts/layout-settings.ts; the storage keys, allowed values,
   defaults and attribute names below must stay in step with it (its unit test checks this file). */
(function () {
  var d = document.documentElement;
  function pick(value, allowed) {
    return allowed.indexOf(value) >= 0 ? value : allowed[0];
  }
  var s = {};
  var mode = null;
  try {
    mode = localStorage.getItem('cargo.colorMode');
    s = JSON.parse(localStorage.getItem('cargo.layout') || '{}') || {};
    var lang = localStorage.getItem('cargo.lang');
    if (lang === 'en' || lang === 'vi') d.setAttribute('lang', lang);
  } catch (e) {
    /* storage unavailable: defaults apply */
  }
  if (mode !== 'light' && mode !== 'dark') {
    mode = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  d.setAttribute('data-bs-theme', mode);
  /* The first value of each list is the default. */
  d.setAttribute('data-layout', pick(s.layoutType, ['horizontal', 'vertical', 'detached', 'two-column']));
  d.setAttribute('data-layout-width', pick(s.layoutWidth, ['fluid', 'boxed']));
  d.setAttribute('data-menu-position', pick(s.menuPosition, ['fixed', 'scrollable']));
  d.setAttribute('data-sidebar', pick(s.leftSideBarTheme, ['light', 'dark']));
  d.setAttribute('data-sidebar-size', pick(s.leftSideBarType, ['default', 'condensed', 'compact']));
  d.setAttribute('data-sidebar-user', s.showSidebarUserInfo === true ? 'show' : 'hide');
  d.setAttribute('data-topbar', pick(s.topbarTheme, ['light', 'dark']));
})();
