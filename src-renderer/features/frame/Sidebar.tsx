import { useQuery } from '@tanstack/react-query';
import { countOf } from '../../../src-shared/text/countOf';
import { useApi } from '../../api/useApi';
import { Icon } from '../../components/Icon';
import { appInfoQuery } from '../../queries/appInfo';
import { useUiStore } from '../../state/useUiStore';
import { useUnseenGasAlerts } from '../../hooks/useUnseenGasAlerts';
import { BrandMark } from './BrandMark';
import { NavItem } from './NavItem';
import './Sidebar.css';

const SCREENS = [
  { to: '/explorer', icon: 'explorer', label: 'Explorer' },
  { to: '/logs', icon: 'logs', label: 'Logs' },
  { to: '/call', icon: 'call', label: 'Call' },
  { to: '/gas', icon: 'gas', label: 'Gas' },
  { to: '/content', icon: 'content', label: 'Content' },
] as const;

/** The app's navigation: the five screens (Gas with a count of alerts fired and not seen yet), Settings, and the app's version. */
export function Sidebar() {
  const api = useApi();
  const collapsed = useUiStore((state) => state.sidebarCollapsed);
  const toggle = useUiStore((state) => state.toggleSidebar);
  const info = useQuery(appInfoQuery(api));
  const unseen = useUnseenGasAlerts();
  const gasBadge = { count: unseen.length, words: countOf(unseen.length, 'new alert') };

  return (
    <nav className="sidebar" aria-label="Main" data-collapsed={collapsed}>
      <div className="sidebar-brand">
        <BrandMark />
        <span className="sidebar-brand-name">Blockglass</span>
      </div>
      <div className="sidebar-items">
        {SCREENS.map((screen) => (
          <NavItem key={screen.to} {...screen} collapsed={collapsed} badge={screen.to === '/gas' ? gasBadge : undefined} />
        ))}
      </div>
      <div className="sidebar-items sidebar-bottom">
        <NavItem to="/settings" icon="settings" label="Settings" collapsed={collapsed} />
        <button
          type="button"
          className="nav-item sidebar-toggle"
          onClick={toggle}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        >
          <Icon name="sidebar" />
          <span className="nav-item-label">Collapse</span>
        </button>
        {info.data ? (
          <span className="sidebar-version" title={`${info.data.name} ${info.data.version} (${info.data.shell})`}>
            v{info.data.version} · {info.data.shell}
          </span>
        ) : null}
      </div>
    </nav>
  );
}
