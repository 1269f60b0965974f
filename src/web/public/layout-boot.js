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

  /* The sign-in page's static document (/auth/login; see src/web/lib/static-login.ts) holds the screen once per
     language, and its inline CSS shows the one <html lang> names: the tab title follows the same choice, the other
     card leaves the document once it is parsed, and the static form is never submitted (the app's replaces it). */
  var title = document.querySelector('title[data-en]');
  if (title && d.getAttribute('lang') === 'en') document.title = title.getAttribute('data-en');
  document.addEventListener('readystatechange', function () {
    var root = document.getElementById('static-login');
    if (!root) return;
    /* The static page inlines its own CSS and keeps the full stylesheets and the app's scripts inert in a
       <template>: once it has been painted (the frame's callback, then a task after the frame; or after a second,
       for a tab in the background), they go into the document, loading side by side, and when the stylesheets have
       loaded the app's entry starts. So neither holds the first paint back, and the app never renders before its
       CSS is there. */
    var scripts = document.getElementById('app-scripts');
    if (scripts && !scripts.hasAttribute('data-started')) {
      scripts.setAttribute('data-started', '');
      var started = false;
      var afterPaint = function () {
        if (started || !document.contains(scripts)) return;
        started = true;
        var parts = document.importNode(scripts.content, true);
        var sheets = parts.querySelectorAll('link[rel="stylesheet"]');
        var pending = sheets.length;
        var startApp = function () {
          var entry = document.createElement('script');
          entry.type = 'module';
          entry.crossOrigin = '';
          entry.src = scripts.getAttribute('data-entry');
          document.head.appendChild(entry);
        };
        var done = function () {
          pending -= 1;
          if (pending === 0) startApp();
        };
        for (var j = 0; j < sheets.length; j++) {
          sheets[j].addEventListener('load', done);
          sheets[j].addEventListener('error', done);
        }
        document.head.appendChild(parts);
        if (!sheets.length) startApp();
      };
      requestAnimationFrame(function () {
        setTimeout(afterPaint, 0);
      });
      setTimeout(afterPaint, 1000);
    }
    var shown = d.getAttribute('lang') === 'en' ? 'en' : 'vi';
    var cards = root.querySelectorAll('[data-static-lang]');
    for (var i = 0; i < cards.length; i++) {
      if (cards[i].getAttribute('data-static-lang') !== shown) cards[i].parentNode.removeChild(cards[i]);
    }
  });
  document.addEventListener(
    'submit',
    function (e) {
      var root = document.getElementById('static-login');
      if (root && e.target instanceof Node && root.contains(e.target)) e.preventDefault();
    },
    true
  );
})();
