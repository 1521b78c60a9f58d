import { Link, useLocation } from 'wouter';
import { Icon, type IconName } from '../../components/Icon';
import { isWithin } from '../../lib/isWithin';

/** A sidebar link; marked as the current page for the whole section below its path. */
export function NavItem({ to, icon, label, collapsed }: { to: string; icon: IconName; label: string; collapsed: boolean }) {
  const [location] = useLocation();
  const current = isWithin(location, to);
  return (
    <Link
      to={to}
      className="nav-item"
      aria-current={current ? 'page' : undefined}
      aria-label={collapsed ? label : undefined}
      title={collapsed ? label : undefined}
    >
      <Icon name={icon} />
      <span className="nav-item-label">{label}</span>
    </Link>
  );
}
