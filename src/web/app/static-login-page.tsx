import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { PublicCompany } from '../../shared/contracts/company';
import { escapeHtml, STATIC_LOGIN_TOKENS as TOKENS, type StaticLoginBuild } from '../../shared/static-login';
import { LoginPage } from '../features/auth/login-page';
import { AuthLayout } from '../layouts/auth-layout';
import { BrandMark, COMPANY_QUERY_KEY } from '../layouts/brand';
import { i18n, initI18n, LANGUAGES, type Language } from '../lib/i18n';
import { LOGIN_PATH } from '../lib/return-to';
import { STATIC_LANG_ATTR, STATIC_LOGIN_ID } from '../lib/static-login';

/**
 * The sign-in screen as static HTML, made at build time from the real components (AuthLayout around LoginPage, as
 * the router renders them for /auth/login, for a visitor with nothing stored), once per language. The build
 * (vite.config.ts) writes it into dist/web/static-login.json (STATIC_LOGIN_FILE); the server fills in the year and
 * the company's brand (shared/static-login.ts) and sends it for /auth/login; the app's LoginPage takes it over when
 * it mounts (lib/static-login.ts). Nothing here is ever in the browser's bundle.
 *
 * What differs from the app's own first render, on purpose: the submit button is disabled and says, for screen
 * readers, that the page is still loading (Enter cannot submit a form whose default button is disabled), and the
 * language and show-password buttons are disabled too (they need the app); the form posts back to the sign-in page
 * (never GET: credentials never go into a URL), and layout-boot.js stops any submit anyway.
 */

/** Replaces exactly `count` occurrences of `from`, or fails the build: the components changed under this file. */
function replaceExactly(html: string, from: string | RegExp, to: string, what: string, count = 1): string {
  const pattern =
    typeof from === 'string' ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : new RegExp(from.source, 'g');
  const found = html.match(pattern)?.length ?? 0;
  if (found !== count) throw new Error(`static sign-in page: expected ${count} × ${what}, found ${found}`);
  return typeof from === 'string' ? html.replace(pattern, () => to) : html.replace(pattern, to);
}

/** A query cache holding the company profile, as the app's holds it once it has asked (or nothing). */
function withCompany(company: PublicCompany | null, children: ReactNode) {
  const client = new QueryClient();
  if (company) client.setQueryData(COMPANY_QUERY_KEY, company);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const TOKEN_COMPANY: PublicCompany = { name: TOKENS.name, address: '', phone: '', hotline: '', taxCode: '', logoUrl: null };

/** The header's brand, as BrandMark renders it for a company without a logo and for one with a logo. */
function renderBrand(): StaticLoginBuild['brand'] {
  return {
    appName: i18n.getFixedT(LANGUAGES[0])('common:appName'),
    icon: renderToStaticMarkup(withCompany(TOKEN_COMPANY, <BrandMark />)),
    logo: renderToStaticMarkup(withCompany({ ...TOKEN_COMPANY, logoUrl: TOKENS.logo }, <BrandMark />)),
  };
}

/** One language's sign-in screen: the AuthLayout with the LoginPage in it, as React renders it, then made static. */
export async function renderLoginScreen(lang: Language): Promise<string> {
  await initI18n(lang);
  await i18n.loadNamespaces(['common', 'shell', 'auth']);
  await i18n.changeLanguage(lang);
  const year = new Date().getFullYear();
  const html = renderToStaticMarkup(
    withCompany(
      TOKEN_COMPANY,
      <MemoryRouter initialEntries={[LOGIN_PATH]}>
        <Routes>
          <Route path="/auth" element={<AuthLayout />}>
            <Route path="login" element={<LoginPage />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    ),
    // Each language's card has its own ids (labels point at their own inputs while both are in the document).
    { identifierPrefix: `static-${lang}-` },
  );
  const t = i18n.getFixedT(lang);
  let out = html;
  // The brand is the server's to fill in (the company's name and logo); the fragment is the same in every language.
  out = replaceExactly(out, renderToStaticMarkup(withCompany(TOKEN_COMPANY, <BrandMark />)), TOKENS.brand, 'the brand');
  // React writes attribute names as it has them (noValidate, autoComplete…): HTML does not mind their case.
  out = replaceExactly(out, '<form noValidate="">', `<form noValidate="" method="post" action="${LOGIN_PATH}">`, 'the sign-in form');
  out = replaceExactly(
    out,
    /<button type="submit" class="([^"]*)" aria-busy="false">([^<]*)<\/button>/,
    `<button type="submit" class="$1" disabled="" aria-busy="true">$2<span class="visually-hidden"> (${escapeHtml(t('shell:loading'))})</span></button>`,
    'the submit button',
  );
  // The other buttons (language, show password) need the app too: disabled until it takes over, so nothing that looks
  // clickable does nothing (and a click waits for the app's button).
  out = replaceExactly(out, '<button type="button" ', '<button type="button" disabled="" ', 'the other buttons', 2);
  // React's autoFocus is written out as the attribute: the browser focuses the e-mail field as the app would.
  replaceExactly(out, /<input [^>]*autofocus=""[^>]*name="email"/, '', 'the focused e-mail input');
  const rights = escapeHtml(t('shell:footer.rights', { year }));
  out = replaceExactly(out, rights, escapeHtml(t('shell:footer.rights', { year: TOKENS.year })), 'the footer year');
  return out;
}

/**
 * Hides the app's root while the static card is there, shows the card of the document's language (layout-boot.js
 * sets <html lang> from the stored choice before first paint) and lets each card's wrapper take no box of its own,
 * so the AuthLayout sits exactly where it sits inside #root.
 */
export const STATIC_LOGIN_CSS =
  `#${STATIC_LOGIN_ID}~#root{display:none}` +
  `#${STATIC_LOGIN_ID}>[${STATIC_LANG_ATTR}]{display:contents}` +
  `html:not([lang="en"]) #${STATIC_LOGIN_ID}>[${STATIC_LANG_ATTR}="en"],` +
  `html[lang="en"] #${STATIC_LOGIN_ID}>[${STATIC_LANG_ATTR}="vi"]{display:none}`;

/**
 * The document for /auth/login: the built index.html (same scripts, styles and preloads) with both languages'
 * screens in front of the app's root (the default language first), the CSS above, the sign-in title (English in
 * `data-en`, which layout-boot.js uses), its stylesheets first, and the app's entry started after the first paint.
 */
export async function renderStaticLogin(indexHtml: string): Promise<StaticLoginBuild> {
  const cards: string[] = [];
  for (const lang of LANGUAGES) cards.push(`<div ${STATIC_LANG_ATTR}="${lang}">${await renderLoginScreen(lang)}</div>`);
  const title = (lang: Language) => {
    const t = i18n.getFixedT(lang);
    return escapeHtml(`${t('auth:titles.login')} · ${t('common:appName')}`);
  };
  let html = indexHtml;
  html = replaceExactly(
    html,
    /<title>[^<]*<\/title>/,
    `<title data-en="${title('en')}">${title('vi')}</title>\n    <style>${STATIC_LOGIN_CSS}</style>`,
    'the title',
  );
  // The page's stylesheets, which withCriticalCss (below) turns into what the static screen needs, inlined.
  const sheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
  if (!sheets.length) throw new Error('static sign-in page: no stylesheet in index.html');
  for (const sheet of sheets) html = replaceExactly(html, sheet, '', 'a stylesheet link');
  // After layout-boot.js: a classic script after a pending stylesheet would wait for it (and the body's parsing too).
  html = replaceExactly(html, '<script src="/layout-boot.js"></script>', `<script src="/layout-boot.js"></script>${sheets.join('')}`, 'layout-boot.js');
  // The app's scripts wait for the static screen's first frame: fetched beside the CSS, parsed and run as they
  // arrive, their ~0.5 MB of JavaScript held that paint back by hundreds of ms on a busy machine. They are kept,
  // inert, in a <template>, and layout-boot.js puts them into the document once the frame is painted and the full
  // stylesheets have loaded (the entry last, as a module script), so they still load side by side.
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
  if (!entry) throw new Error('static sign-in page: no entry script in index.html');
  const preloads = html.match(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g) ?? [];
  for (const link of preloads) html = replaceExactly(html, link, '', 'a module preload');
  html = replaceExactly(
    html,
    /\s*<script type="module" crossorigin src="[^"]+"><\/script>/,
    // The entry is preloaded with the rest, so that waiting for the stylesheets costs it no extra round trip.
    `\n    <template id="app-scripts" data-entry="${entry}"><link rel="modulepreload" crossorigin href="${entry}">${preloads.map((l) => l.trim()).join('')}</template>`,
    'the entry script',
  );
  html = replaceExactly(
    html,
    '<div id="root"></div>',
    `<div id="${STATIC_LOGIN_ID}" data-company="${TOKENS.company}">${cards.join('')}</div>\n    <div id="root"></div>`,
    'the root element',
  );
  return { html, brand: renderBrand() };
}

/** The static page as the critical CSS is worked out on: both languages' cards, with both forms of the brand. */
export function criticalCssDocument(build: StaticLoginBuild): string {
  return build.html.replaceAll(TOKENS.brand, () => build.brand.icon + build.brand.logo);
}

/**
 * The page's own CSS inlined (`critical`: the rules that can apply to it, worked out by the build from the full
 * stylesheets), so its first paint waits for no stylesheet: the full stylesheets go into the <template> of the app's
 * scripts, which layout-boot.js puts into the document after that paint (and it starts the app's entry once they
 * have loaded). They hold the same rules in the same order, so nothing on the sign-in screen changes when they apply.
 */
export function withCriticalCss(build: StaticLoginBuild, critical: string): StaticLoginBuild {
  let html = build.html;
  const sheets = html.match(/<link rel="stylesheet" crossorigin href="[^"]+">/g) ?? [];
  if (!sheets.length) throw new Error('static sign-in page: no stylesheet to inline');
  html = replaceExactly(html, sheets[0]!, `<style data-critical>${critical}</style>${sheets[0]}`, 'the first stylesheet');
  for (const sheet of sheets) html = replaceExactly(html, sheet, '', 'a stylesheet');
  // The full stylesheets load with the app's scripts, after the first paint (layout-boot.js).
  html = replaceExactly(html, /(<template id="app-scripts" [^>]*>)/, `$1${sheets.join('')}`, 'the app’s scripts');
  return { ...build, html };
}

/** The stylesheets the page links (their paths in the built web directory), in order. */
export function stylesheetsOf(build: StaticLoginBuild): string[] {
  return [...build.html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]!);
}
