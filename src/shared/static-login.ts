import type { PublicCompany } from './contracts/company';

/**
 * The sign-in page's static document, which the build makes from the real components
 * (src/web/app/static-login-page.tsx) and the server sends for a document load of /auth/login (see
 * src/web/lib/static-login.ts for the browser's side). The build leaves in it what only the server knows when it
 * sends the page: the year of the footer's "© {year}" (the build may be older than the year) and the company's
 * brand in the header (its name and logo from the settings, as the app's header shows them once it has asked).
 */

/** The build's output in the web directory (never served as a file: only through `fillStaticLogin`). */
export const STATIC_LOGIN_FILE = 'static-login.json';

export const STATIC_LOGIN_TOKENS = {
  year: '%CARGO_YEAR%',
  /** Where the header's brand goes (once per language's card). */
  brand: '%CARGO_BRAND%',
  /** In the brand fragments: the company's name, and its logo's URL. */
  name: '%CARGO_BRAND_NAME%',
  logo: '%CARGO_BRAND_LOGO%',
  /** An attribute value: the company profile as JSON, which the app starts from instead of asking again. */
  company: '%CARGO_COMPANY%',
} as const;

export interface StaticLoginBuild {
  /** The whole document, with the tokens above in it. */
  html: string;
  /** The header's brand as the app renders it: without a logo and with one; `appName` when the company has no name. */
  brand: { appName: string; icon: string; logo: string };
}

/** The paths that get it: the sign-in route as the web router matches it (any case, with or without a final slash). */
export function isStaticLoginPath(path: string): boolean {
  return /^\/auth\/login\/?$/i.test(path);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The document as sent: year and brand filled in, the profile handed to the app. */
export function fillStaticLogin(build: StaticLoginBuild, { year, company }: { year: number; company: PublicCompany | null }): string {
  // Replacements by function: a `$&` in a company's name is text, not a pattern.
  const fill = (text: string, token: string, value: string) => text.replaceAll(token, () => value);
  const icon = company?.logoUrl ? fill(build.brand.logo, STATIC_LOGIN_TOKENS.logo, escapeHtml(company.logoUrl)) : build.brand.icon;
  const brand = fill(icon, STATIC_LOGIN_TOKENS.name, escapeHtml(company?.name || build.brand.appName));
  let html = fill(build.html, STATIC_LOGIN_TOKENS.year, String(year));
  html = fill(html, STATIC_LOGIN_TOKENS.brand, brand);
  return fill(html, STATIC_LOGIN_TOKENS.company, company ? escapeHtml(JSON.stringify(company)) : '');
}
