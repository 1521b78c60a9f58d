import { ThemeController } from '../features/theme/ThemeController';
import { ConnectionBanner } from '../features/frame/ConnectionBanner';
import { GasAlertNotices } from '../features/frame/GasAlertNotices';
import { KeychainNotice } from '../features/frame/KeychainNotice';
import { Sidebar } from '../features/frame/Sidebar';
import { TopBar } from '../features/frame/TopBar';
import { GasAlertWatcher } from '../features/gas/GasAlertWatcher';
import { NamesChainProvider } from '../components/chain/NamesChain';
import { AppRoutes } from './AppRoutes';
import { ScreenPreloader } from './ScreenPreloader';
import '../styles/theme.css';
import '../styles/base.css';
import './App.css';

/** The app frame: sidebar, top bar (search, network switcher) and the current screen. */
export function App() {
  return (
    <div className="app">
      <ThemeController />
      <GasAlertWatcher />
      <ScreenPreloader />
      {/* A button, not `href="#main"`: the URL fragment belongs to the web host's token. */}
      <button type="button" className="skip-link" onClick={() => document.getElementById('main')?.focus()}>
        Skip to content
      </button>
      <Sidebar />
      <div className="app-column">
        <TopBar />
        <ConnectionBanner />
        <KeychainNotice />
        <GasAlertNotices />
        <main id="main" className="app-main" tabIndex={-1}>
          <NamesChainProvider>
            <AppRoutes />
          </NamesChainProvider>
        </main>
      </div>
    </div>
  );
}
