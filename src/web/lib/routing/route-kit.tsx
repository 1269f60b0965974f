import type { ComponentType } from 'react';
import { data, Outlet, useMatches, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { Role } from '../../../shared/auth';
import { loadChunk } from './chunk-load';
import { ProtectedRoute } from './guards';

/** What a route tells the shell about itself: its title (shell namespace) for the heading, tab title and breadcrumb. */
export interface RouteHandle {
  titleKey: string;
  /** The section's menu label key, for the breadcrumb. */
  sectionKey?: string;
}

/**
 * A route's screen, code-split: `lazy: lazyScreen(() => import('./customer-list'), 'CustomerList')`.
 * The load goes through loadChunk, so it times out after 120 s and a failure reaches the route error screen.
 */
export function lazyScreen<M, K extends keyof M>(load: () => Promise<M>, exportName: K) {
  return async () => {
    const mod = await loadChunk(load);
    return { Component: mod[exportName] as ComponentType };
  };
}

export const ADMIN_ONLY: Role[] = ['Admin'];

/**
 * A record's id in a path is what the API accepts as one (a positive integer): anything else ("/order/abc",
 * "/tracking/edit/0") is a page that does not exist, so the route throws 404 and the error boundary shows the
 * not-found screen, not the API's "invalid parameter" as a load failure.
 */
function recordIdLoader({ params }: LoaderFunctionArgs) {
  // The API's rule for an id (a positive whole number, at most Number.MAX_SAFE_INTEGER), checked without the
  // contracts' validation library so that every screen's shared code stays small.
  const id = params.id ?? '';
  if (!/^[1-9][0-9]*$/.test(id) || !Number.isSafeInteger(Number(id))) throw data(null, { status: 404 });
  return null;
}

/** A section's parent route: every screen under it requires the given roles; every `:id` in it is a record id. */
export function guardedSection(path: string, roles: Role[], children: RouteObject[]): RouteObject {
  return {
    path,
    element: (
      <ProtectedRoute roles={roles}>
        <Outlet />
      </ProtectedRoute>
    ),
    children: children.map((child) => (child.path?.includes(':id') && !child.loader ? { ...child, loader: recordIdLoader } : child)),
  };
}

/** The handle of the deepest matched route that has one (title for the heading, tab and breadcrumb). */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.titleKey) return handle;
  }
  return null;
}
