import { NetworkSwitcher } from '../network/NetworkSwitcher';
import { GlobalSearch } from '../search/GlobalSearch';
import './TopBar.css';

/** The bar above every screen: the global search and the network switcher. */
export function TopBar() {
  return (
    <header className="top-bar">
      <GlobalSearch />
      <div className="top-bar-end">
        <NetworkSwitcher />
      </div>
    </header>
  );
}
