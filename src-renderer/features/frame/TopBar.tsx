import { NetworkSwitcher } from '../network/NetworkSwitcher';
import { GlobalSearch } from '../search/GlobalSearch';
import { SandboxAlert } from './SandboxAlert';
import './TopBar.css';

/** The bar above every screen: the global search, the sandbox's trouble if any, and the network switcher. */
export function TopBar() {
  return (
    <header className="top-bar">
      <GlobalSearch />
      <div className="top-bar-end">
        <SandboxAlert />
        <NetworkSwitcher />
      </div>
    </header>
  );
}
