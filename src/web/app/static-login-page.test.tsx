import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillStaticLogin, type StaticLoginBuild } from '../../shared/static-login';
import type { PublicCompany } from '../../shared/contracts/company';
import { LoginPage } from '../features/auth/login-page';
import { AuthLayout } from '../layouts/auth-layout';
import { i18n } from '../lib/i18n';
import { releaseStaticLoginOffTheLoginPage } from '../lib/static-login';
import { resetAuthState } from '../lib/use-auth';
import { jsonResponse, makeToken, makeUser, mockFetch } from '../test/auth-fixtures';
import { renderStaticLogin, withCriticalCss } from './static-login-page';

/** What the build starts from: index.html as Vite writes it (the parts the static page is put into). */
const INDEX_HTML = `<!doctype html>
<html lang="vi">
  <head>
    <title>Cargo Console</title>
    <script src="/layout-boot.js"></script>
    <script type="module" crossorigin src="/assets/index-AbC.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/login-page-DeF.js">
    <link rel="stylesheet" crossorigin href="/assets/index-GhI.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const COMPANY: PublicCompany = { name: 'Công ty <Sao> & "Mây"', address: '', phone: '', hotline: '', taxCode: '', logoUrl: null };
const BOOT = readFileSync(path.resolve(__dirname, '../public/layout-boot.js'), 'utf8');

let build: StaticLoginBuild;
beforeAll(async () => {
  build = withCriticalCss(await renderStaticLogin(INDEX_HTML), '.auth-card{max-width:26rem}');
});

/**
 * Loads the page as the browser would get it: the server's filled-in document, layout-boot.js run in its <head>
 * (language chosen by storage) and again when parsing ends (it removes the other language's card).
 */
function loadStaticDocument(company: PublicCompany | null = COMPANY) {
  const html = fillStaticLogin(build, { year: new Date().getFullYear(), company });
  const doc = new DOMParser().parseFromString(html, 'text/html');
  document.head.innerHTML = doc.head.innerHTML;
  document.body.innerHTML = doc.body.innerHTML;
  document.documentElement.setAttribute('lang', 'vi');
  // The boot script's timers are the test's to cancel: its 1 s fallback, left pending by a test, once fired after
  // the file's DOM was torn down ("document is not defined", an unhandled error that failed the run).
  new Function('setTimeout', 'requestAnimationFrame', BOOT)(
    (fn: () => void, ms?: number) => {
      const timer = setTimeout(fn, ms);
      bootTimers.push(timer);
      return timer;
    },
    (fn: FrameRequestCallback) => {
      const frame = requestAnimationFrame(fn);
      bootFrames.push(frame);
      return frame;
    },
  );
  document.dispatchEvent(new Event('readystatechange'));
}
const bootTimers: Array<ReturnType<typeof setTimeout>> = [];
const bootFrames: number[] = [];

function appRouter() {
  return createMemoryRouter(
    [
      {
        path: '/auth',
        element: <AuthLayout />,
        children: [{ path: 'login', element: <LoginPage /> }],
      },
      { path: '*', element: <div data-testid="elsewhere">elsewhere</div> },
    ],
    { initialEntries: ['/auth/login'] },
  );
}

/** The app's LoginPage (in its AuthLayout) mounting into #root, as main.tsx does. */
async function mountApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = document.getElementById('root')!;
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={appRouter()} />
      </QueryClientProvider>,
      { container },
    );
  });
  return container;
}

/**
 * A screen's markup reduced to what a user sees and what assistive technology reads: tags, classes, labels and
 * attributes, with generated ids replaced by the element they point at, attribute names lower-cased and sorted, and
 * the differences the static page makes on purpose (disabled buttons, the loading text, the form's method, the
 * autofocus attribute) left out.
 */
function structure(root: Element): string {
  const clone = root.cloneNode(true) as Element;
  clone.querySelectorAll('.visually-hidden').forEach((el) => {
    if (el.closest('button[type="submit"]')) el.remove();
  });
  const ids = new Map<string, string>();
  clone.querySelectorAll('[id]').forEach((el) => ids.set(el.id, `#${el.tagName.toLowerCase()}[name=${el.getAttribute('name') ?? ''}]`));
  const walk = (el: Element, depth: number): string => {
    const attrs = [...el.attributes]
      // The static page's own: disabled until the app takes over; the browser's autofocus where React calls focus().
      .filter((a) => !['disabled', 'aria-busy', 'method', 'action', 'value', 'autofocus'].includes(a.name))
      .map((a) => {
        const value = ['id', 'for', 'aria-controls', 'aria-describedby'].includes(a.name) ? (ids.get(a.value) ?? a.value) : a.value;
        return `${a.name.toLowerCase()}="${value.trim().replace(/\s+/g, ' ')}"`;
      })
      .sort();
    // Adjacent text nodes read as one text (React keeps "a", " · ", "b" apart; HTML parses them as one).
    const inner: string[] = [];
    let text = '';
    const flush = () => {
      if (text.trim()) inner.push(text.trim().replace(/\s+/g, ' '));
      text = '';
    };
    for (const n of el.childNodes) {
      if (n.nodeType === Node.ELEMENT_NODE) {
        flush();
        inner.push(walk(n as Element, depth + 1));
      } else text += n.textContent ?? '';
    }
    flush();
    return `${'  '.repeat(depth)}<${el.tagName.toLowerCase()} ${attrs.join(' ')}>\n${inner.join('\n')}`;
  };
  return walk(clone, 0);
}

beforeEach(async () => {
  resetAuthState();
  await i18n.changeLanguage('vi');
  // The header's brand: the app asks for the profile unless the static page handed it over.
  mockFetch(() => jsonResponse(200, { ...COMPANY, name: 'Asked again' }));
});
afterEach(() => {
  bootTimers.splice(0).forEach((t) => clearTimeout(t));
  bootFrames.splice(0).forEach((f) => cancelAnimationFrame(f));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the static sign-in page', () => {
  it('is the app’s sign-in screen: the same structure, texts and brand as the mounted LoginPage', async () => {
    loadStaticDocument();
    const staticScreen = structure(document.querySelector('#static-login .auth-layout')!);
    const root = await mountApp();
    expect(document.getElementById('static-login')).toBeNull();
    expect(structure(root.querySelector('.auth-layout')!)).toBe(staticScreen);
    // The brand came with the page: the app did not ask for it again.
    expect(screen.getByTestId('brand-name').textContent).toBe(COMPANY.name);
  });

  it('is the English screen when English was chosen, with the English title', async () => {
    localStorage.setItem('cargo.lang', 'en');
    loadStaticDocument();
    expect(document.documentElement.getAttribute('lang')).toBe('en');
    expect(document.title).toBe('Sign in · Cargo Console');
    expect(document.querySelectorAll('#static-login [data-static-lang]')).toHaveLength(1);
    const card = document.querySelector('#static-login [data-static-lang="en"]')!;
    expect(card.querySelector('h1')!.textContent).toBe('Sign in');
    expect(card.querySelector('footer')!.textContent).toContain(`© ${new Date().getFullYear()} Cargo Console`);
    await i18n.changeLanguage('en');
    const staticScreen = structure(card.querySelector('.auth-layout')!);
    const root = await mountApp();
    expect(structure(root.querySelector('.auth-layout')!)).toBe(staticScreen);
  });

  it('cannot be submitted: the button is disabled and says it is loading, and a submit is stopped', () => {
    loadStaticDocument();
    const form = document.querySelector<HTMLFormElement>('#static-login form')!;
    expect(form.method).toBe('post');
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toBe('Đăng nhập (Đang tải…)');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    for (const other of document.querySelectorAll<HTMLButtonElement>('#static-login button[type="button"]')) expect(other.disabled).toBe(true);
  });

  it('inlines its CSS, and starts the full stylesheets and then the app only after its first frame', async () => {
    loadStaticDocument();
    expect(document.querySelector('style[data-critical]')!.textContent).toBe('.auth-card{max-width:26rem}');
    // Nothing of the app is asked for before the first paint: no stylesheet, no script, no preload.
    expect(document.querySelectorAll('head link[rel="stylesheet"], head link[rel="modulepreload"], head script[type="module"]')).toHaveLength(0);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 10)));
    const sheet = document.querySelector<HTMLLinkElement>('head link[rel="stylesheet"]')!;
    expect(sheet.getAttribute('href')).toBe('/assets/index-GhI.css');
    expect([...document.querySelectorAll('head link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual([
      '/assets/index-AbC.js',
      '/assets/login-page-DeF.js',
    ]);
    // The entry waits for the stylesheets: the app never renders without its CSS.
    expect(document.querySelector('head script[type="module"]')).toBeNull();
    sheet.dispatchEvent(new Event('load'));
    expect(document.querySelector('head script[type="module"]')!.getAttribute('src')).toBe('/assets/index-AbC.js');
  });

  it('hands what was typed, the focused field and its caret to the app, which signs in with them', async () => {
    const { calls } = mockFetch((call) =>
      call.url.includes('/api/auth/login')
        ? jsonResponse(200, { token: makeToken({ expiresIn: 900 }), refreshToken: 'r', data: makeUser('Admin'), role: 'Admin' })
        : jsonResponse(200, COMPANY),
    );
    loadStaticDocument();
    const user = userEvent.setup();
    const staticEmail = document.querySelector<HTMLInputElement>('#static-login input[name="email"]')!;
    const staticPassword = document.querySelector<HTMLInputElement>('#static-login input[name="password"]')!;
    await user.type(staticEmail, 'admin@cargo.test');
    await user.type(staticPassword, 'Admin@12345');
    staticPassword.setSelectionRange(6, 6);
    expect(document.activeElement).toBe(staticPassword);

    await mountApp();
    expect(document.getElementById('static-login')).toBeNull();
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    const password = screen.getByLabelText<HTMLInputElement>('Mật khẩu');
    expect(email.value).toBe('admin@cargo.test');
    expect(password.value).toBe('Admin@12345');
    expect(document.activeElement).toBe(password);
    expect([password.selectionStart, password.selectionEnd]).toEqual([6, 6]);

    // Typing goes on where the caret was, and Enter signs in with what the user typed in both forms.
    await user.keyboard('!');
    expect(password.value).toBe('Admin@!12345');
    await user.keyboard('{Backspace}{Enter}');
    await waitFor(() => expect(calls.some((c) => c.url.includes('/api/auth/login'))).toBe(true));
    expect(calls.find((c) => c.url.includes('/api/auth/login'))!.body).toEqual({ email: 'admin@cargo.test', password: 'Admin@12345' });
  });

  it('leaves the focus where the user left it: nowhere, if they clicked away', async () => {
    loadStaticDocument();
    document.querySelector<HTMLInputElement>('#static-login input[name="email"]')!.focus();
    (document.activeElement as HTMLElement).blur();
    await mountApp();
    expect(document.getElementById('static-login')).toBeNull();
    expect(document.activeElement).toBe(document.body);
  });

  it('goes when the app settles on another screen, so that screen is never left hidden', async () => {
    loadStaticDocument();
    const router = appRouter();
    releaseStaticLoginOffTheLoginPage(router);
    expect(document.getElementById('static-login')).not.toBeNull();
    await act(() => router.navigate('/dashboard/ecommerce'));
    expect(document.getElementById('static-login')).toBeNull();
  });
});
