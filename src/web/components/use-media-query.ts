import { useSyncExternalStore } from 'react';

/** Phones and narrow tablets: the breakpoint below which lists turn into cards (Bootstrap's `md`). */
export const PHONE_QUERY = '(max-width: 767.98px)';

/** Whether a CSS media query matches now, updating when it stops or starts matching. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}
