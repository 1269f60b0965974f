import { useLayoutEffect, useState, type RefObject } from 'react';
import type { DataRouter } from 'react-router';
import type { PublicCompany } from '../../shared/contracts/company';
import { isStaticLoginPath } from '../../shared/static-login';

/**
 * The sign-in page's first paint. For a document load of /auth/login the server sends the sign-in screen as static
 * HTML (built from the real AuthLayout and LoginPage, one card per language: app/static-login-page.tsx), so the
 * form is there before any script. While it is in the document the app's root is hidden (inline CSS in that
 * document); the static form cannot be submitted (its button is disabled, and public/layout-boot.js stops any
 * submit). When the React LoginPage mounts it takes over what the user typed, the focused field and its caret,
 * then removes the static card in the same frame.
 *
 * public/layout-boot.js repeats STATIC_LOGIN_ID and STATIC_LANG_ATTR: keep the two in step (its test checks).
 */
export const STATIC_LOGIN_ID = 'static-login';
/** On each language's card (the wrapper of one AuthLayout): which language it is written in. */
export const STATIC_LANG_ATTR = 'data-static-lang';

interface StaticLoginInput {
  email: string;
  password: string;
  /** The field that had the keyboard focus, if one of them did. */
  focused: 'email' | 'password' | null;
  /** The caret (or selection) in the focused field, where the browser tells it (it does not for type=email). */
  selection: { start: number; end: number; direction: 'forward' | 'backward' | 'none' } | null;
}

function hasStaticLogin(doc: Document = document): boolean {
  return doc.getElementById(STATIC_LOGIN_ID) !== null;
}

/** The card the user sees: the one in the document's language (layout-boot.js removed the other once parsed). */
function shownCard(root: HTMLElement, doc: Document): Element | null {
  const lang = doc.documentElement.getAttribute('lang') === 'en' ? 'en' : 'vi';
  return root.querySelector(`[${STATIC_LANG_ATTR}="${lang}"]`) ?? root.querySelector(`[${STATIC_LANG_ATTR}]`);
}

/** What the user did in the static form, or null when there is none (any other document, a later visit). */
function readStaticLogin(doc: Document = document): StaticLoginInput | null {
  const root = doc.getElementById(STATIC_LOGIN_ID);
  if (!root) return null;
  const card = shownCard(root, doc);
  const email = card?.querySelector<HTMLInputElement>('form input[name="email"]') ?? null;
  const password = card?.querySelector<HTMLInputElement>('form input[name="password"]') ?? null;
  const active = doc.activeElement;
  const focused = active && active === email ? 'email' : active && active === password ? 'password' : null;
  const field = focused === 'email' ? email : focused === 'password' ? password : null;
  let selection: StaticLoginInput['selection'] = null;
  try {
    // null for input types without a text selection API (email): the caret then goes to the end, where typing left it.
    if (field && field.selectionStart !== null && field.selectionEnd !== null) {
      selection = { start: field.selectionStart, end: field.selectionEnd, direction: field.selectionDirection ?? 'none' };
    }
  } catch {}
  return { email: email?.value ?? '', password: password?.value ?? '', focused, selection };
}

/** The company profile the server put into the static page (its header shows that brand), if it is there. */
export function staticLoginCompany(doc: Document | undefined = globalThis.document): PublicCompany | undefined {
  const raw = doc?.getElementById(STATIC_LOGIN_ID)?.getAttribute('data-company');
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<PublicCompany> | null;
    return value && typeof value.name === 'string' && (typeof value.logoUrl === 'string' || value.logoUrl === null)
      ? (value as PublicCompany)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the static card (the app's root, hidden by CSS while it is there, shows). Idempotent. */
export function releaseStaticLogin(doc: Document = document): void {
  doc.getElementById(STATIC_LOGIN_ID)?.remove();
}

/**
 * The LoginPage's side of the hand-over. Before the browser paints the page's first render: `adopt` gets what was
 * typed (the page sets its fields' state), then, once that is rendered, the static card goes and the same field
 * gets the focus and caret back. Both steps run in layout effects, so no frame shows the two forms, an empty
 * React form or the hidden root, and no keystroke can fall between them (no task runs in between).
 */
export function useStaticLoginTakeOver(
  fields: { email: RefObject<HTMLInputElement | null>; password: RefObject<HTMLInputElement | null> },
  adopt: (typed: { email: string; password: string }) => void,
): { takingOver: boolean } {
  // Whether this page took over a static one: then the focus is the user's (restored below), not the autoFocus's,
  // which would otherwise move it as the page mounts, before the static form's focus is read.
  const [takingOver] = useState(() => typeof document !== 'undefined' && hasStaticLogin());
  const [typed, setTyped] = useState<StaticLoginInput | null>(null);
  const { email: emailRef, password: passwordRef } = fields;

  useLayoutEffect(() => {
    const found = readStaticLogin();
    if (!found) return;
    adopt({ email: found.email, password: found.password });
    setTyped(found);
    // Once, on mount: the static card is read when the page first renders, never again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    if (!typed) return;
    releaseStaticLogin();
    const field = typed.focused === 'email' ? emailRef.current : typed.focused === 'password' ? passwordRef.current : null;
    if (!field) return;
    // The static field's focus ring is already drawn: this one appears with it, not faded in by the CSS transition.
    const transition = field.style.transition;
    field.style.transition = 'none';
    field.focus({ preventScroll: true });
    if (typed.selection) {
      try {
        field.setSelectionRange(typed.selection.start, typed.selection.end, typed.selection.direction);
      } catch {}
    }
    void getComputedStyle(field).boxShadow;
    field.style.transition = transition;
  }, [typed, emailRef, passwordRef]);

  return { takingOver };
}

/**
 * The static card belongs to the sign-in page only: once the router settles anywhere else (a signed-in user sent on,
 * a failed chunk's error screen, a 404), it goes, so the app's screen is never left hidden behind it.
 */
export function releaseStaticLoginOffTheLoginPage(router: Pick<DataRouter, 'state' | 'subscribe'>): void {
  if (!hasStaticLogin()) return;
  const check = (state: DataRouter['state']) => {
    if (!state.initialized || state.navigation.state !== 'idle') return false;
    // The server's rule for the paths that get the static page (the router's for /auth/login).
    if (state.errors || !isStaticLoginPath(state.location.pathname)) releaseStaticLogin();
    return !hasStaticLogin();
  };
  if (check(router.state)) return;
  const unsubscribe = router.subscribe((state) => {
    if (check(state)) unsubscribe();
  });
}
