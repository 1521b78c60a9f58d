import { useLocation } from 'wouter';
import { Link } from '../../components/Link';
import { Icon, type IconName } from '../../components/Icon';
import { isWithin } from '../../lib/isWithin';

/** A count on a sidebar link (new alerts), and what it counts in words. */
export interface NavBadge {
  count: number;
  words: string;
}

/** A sidebar link; marked as the current page for the whole section below its path; `badge` counts what is new there. */
export function NavItem({ to, icon, label, collapsed, badge }: { to: string; icon: IconName; label: string; collapsed: boolean; badge?: NavBadge | undefined }) {
  const [location] = useLocation();
  const current = isWithin(location, to);
  const shown = badge && badge.count > 0 ? badge : undefined;
  const figure = shown ? (shown.count > 99 ? '99+' : String(shown.count)) : '';
  // The name holds the words a person sees, in their order ("Gas 1": "Gas, 1 new alert"), so a voice command that
  // says what is on the screen finds the link; past 99 the badge says 99+ and the name also says how many.
  const name = shown ? (shown.count > 99 ? `${label}, ${figure} (${shown.words})` : `${label}, ${shown.words}`) : collapsed ? label : undefined;
  return (
    <Link to={to} className="nav-item" aria-current={current ? 'page' : undefined} aria-label={name} title={collapsed ? (shown ? `${label}: ${shown.words}` : label) : shown?.words}>
      <Icon name={icon} />
      <span className="nav-item-label">{label}</span>
      {shown ? (
        <>
          {' '}
          <span className="nav-badge" data-testid={`nav-badge-${icon}`} aria-hidden="true">
            {figure}
          </span>
        </>
      ) : null}
    </Link>
  );
}
