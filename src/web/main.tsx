// Order matters: Bootstrap first, then our theme and layout on top of it. All bundled, no CDN: the console must work on a LAN without internet.
import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.min.css';
import '@fontsource/be-vietnam-pro/400.css';
import '@fontsource/be-vietnam-pro/500.css';
import '@fontsource/be-vietnam-pro/600.css';
import '@fontsource/be-vietnam-pro/700.css';
import './styles/theme.css';
import './styles/layout.css';
import './styles/pages.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installChunkErrorRecovery } from './lib/routing/chunk-load';
import { layoutStore } from './layouts/use-layout-settings';
import { initI18n } from './lib/i18n';

installChunkErrorRecovery();
// layout-boot.js already set <html>'s attributes before first paint; this also covers the body class.
layoutStore.reload();

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The shell's strings load before the first render so nothing flashes untranslated; if they cannot load,
// render anyway: the error screens have their own way to say so.
initI18n().then(render, (error: unknown) => {
  console.error(error);
  render();
});
