import { createContext, useContext } from 'react';
import type { Role } from '../../../shared/auth';

/** One link of the menu; labels are keys of the 'shell' namespace. */
interface MenuLink {
  id: string;
  labelKey: string;
  to: string;
  /** Active only on exactly this path (a list page whose detail pages have their own entry). */
  end?: boolean;
}

/** A top-level menu entry: a link, or a group of links. Icons are bootstrap-icons class names. */
export interface MenuEntry {
  id: string;
  labelKey: string;
  icon: string;
  to?: string;
  end?: boolean;
  children?: MenuLink[];
  /** Who sees the entry; absent means every signed-in user. Mirrors the route guard. */
  roles?: Role[];
}

export function visibleEntries(entries: MenuEntry[], role: Role | null): MenuEntry[] {
  return entries.filter((e) => !e.roles || (role !== null && e.roles.includes(role)));
}

/** Whether a path belongs to an entry (its own link, one of its children, or a page below them). */
export function entryMatches(entry: MenuEntry, pathname: string): boolean {
  const targets = [entry.to, ...(entry.children ?? []).map((c) => c.to)].filter((t): t is string => Boolean(t));
  return targets.some((to) => pathname === to || pathname.startsWith(`${sectionRoot(to)}/`) || pathname === sectionRoot(to));
}

function sectionRoot(to: string): string {
  const parts = to.split('/').filter(Boolean);
  return `/${parts[0] ?? ''}`;
}

/** The menu the composition root provides (app/ sets it at the root route), so the shell and pages read it without importing app/. */
export const MenuContext = createContext<MenuEntry[]>([]);

export function useMenu(): MenuEntry[] {
  return useContext(MenuContext);
}
