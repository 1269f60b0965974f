import { useEffect, useRef, type ReactNode } from 'react';
import { Tab, Tabs } from 'react-bootstrap';
import { useSearchParams } from 'react-router';

export interface UrlTab {
  key: string;
  title: ReactNode;
  content: ReactNode;
}

/**
 * Tabs whose choice lives in the URL (`?tab=history`), so reload, back and a shared link open the same tab.
 * A tab's content mounts when first opened (History fetches only when asked for).
 */
export function UrlTabs({ id, tabs, param = 'tab' }: { id: string; tabs: UrlTab[]; param?: string }) {
  const [search, setSearch] = useSearchParams();
  const asked = search.get(param);
  const active = tabs.some((t) => t.key === asked) ? asked! : tabs[0]!.key;
  const ref = useRef<HTMLDivElement>(null);
  // On a phone the tab row scrolls sideways: keep the open tab in sight (a link may open the last one). Only the
  // row scrolls: scrollIntoView would also scroll the page down to the tabs whenever they start below the fold.
  useEffect(() => {
    const link = ref.current?.querySelector<HTMLElement>('.nav-link.active');
    const row = link?.closest<HTMLElement>('.nav');
    if (!link || !row || row.scrollWidth <= row.clientWidth) return;
    const r = row.getBoundingClientRect();
    const l = link.getBoundingClientRect();
    if (l.left < r.left) row.scrollLeft -= r.left - l.left;
    else if (l.right > r.right) row.scrollLeft += l.right - r.right;
  }, [active]);
  return (
    <div ref={ref}>
      <Tabs
        id={id}
        activeKey={active}
        onSelect={(key) => {
          if (!key) return;
          setSearch(
            (prev) => {
              const next = new URLSearchParams(prev);
              if (key === tabs[0]!.key) next.delete(param);
              else next.set(param, key);
              return next;
            },
            { replace: true, preventScrollReset: true },
          );
        }}
        mountOnEnter
        className="mb-3 flex-nowrap overflow-x-auto overflow-y-hidden url-tabs"
      >
        {tabs.map((t) => (
          <Tab key={t.key} eventKey={t.key} title={t.title}>
            {t.content}
          </Tab>
        ))}
      </Tabs>
    </div>
  );
}
