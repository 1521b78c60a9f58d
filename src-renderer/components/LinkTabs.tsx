import { Link } from './Link';
import './LinkTabs.css';

/** One tab of a page: its id (as `?tab=<id>` says it) and its label. */
export interface LinkTab<Id extends string> {
  id: Id;
  label: string;
}

/** The tab a page's search string names (`?tab=<id>`); the first tab when it names none, or one there is not. */
export function tabOf<Id extends string>(tabs: readonly LinkTab<Id>[], search: string): Id {
  const asked = new URLSearchParams(search).get('tab');
  return tabs.find((tab) => tab.id === asked)?.id ?? tabs[0]!.id;
}

/**
 * A page's tab bar as links (`<path>?tab=<id>`, the first tab at the bare path), so each tab can be opened, shared
 * and bookmarked, and the browser's back button walks them.
 */
export function LinkTabs<Id extends string>({ label, path, tabs, current }: { label: string; path: string; tabs: readonly LinkTab<Id>[]; current: Id }) {
  return (
    <nav className="link-tabs" aria-label={label}>
      {tabs.map((tab, index) => (
        <Link
          key={tab.id}
          href={index === 0 ? path : `${path}?tab=${tab.id}`}
          className={`link-tab${tab.id === current ? ' is-current' : ''}`}
          aria-current={tab.id === current ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
