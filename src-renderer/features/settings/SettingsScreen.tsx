// Must be first: configures zod before any schema module of this screen is evaluated.
import '../../app/configureZod';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Link } from '../../components/Link';
import { Icon, type IconName } from '../../components/Icon';
import { isWithin } from '../../lib/isWithin';
import { AppearanceSettings } from './appearance/AppearanceSettings';
import { KeysSettings } from './keys/KeysSettings';
import { NetworkEditor } from './networks/NetworkEditor';
import { NetworksSettings } from './networks/NetworksSettings';
import { SandboxSettings } from './sandbox/SandboxSettings';
import './SettingsScreen.css';

const TABS: { path: string; label: string; icon: IconName }[] = [
  { path: '/networks', label: 'Networks', icon: 'network' },
  { path: '/keys', label: 'API keys', icon: 'key' },
  { path: '/sandbox', label: 'Sandbox', icon: 'box' },
  { path: '/appearance', label: 'Appearance', icon: 'palette' },
];

/** Settings, nested under `/settings`: networks, keys, sandbox and appearance, each with its own URL. */
export function SettingsScreen() {
  const [location] = useLocation();
  return (
    <div className="settings">
      <nav className="settings-nav" aria-label="Settings sections">
        <h1 className="settings-nav-title">Settings</h1>
        {TABS.map((tab) => (
          <Link key={tab.path} to={tab.path} className="settings-nav-item" aria-current={isWithin(location, tab.path) ? 'page' : undefined}>
            <Icon name={tab.icon} />
            {tab.label}
          </Link>
        ))}
      </nav>
      <div className="settings-content">
        <Switch>
          <Route path="/">
            <Redirect to="/networks" replace />
          </Route>
          <Route path="/networks">
            <NetworksSettings />
          </Route>
          <Route path="/networks/new">
            <NetworkEditor />
          </Route>
          <Route path="/networks/:id/edit">{(params) => <NetworkEditor networkId={params.id} />}</Route>
          <Route path="/keys">
            <KeysSettings />
          </Route>
          <Route path="/sandbox">
            <SandboxSettings />
          </Route>
          <Route path="/appearance">
            <AppearanceSettings />
          </Route>
          <Route>
            <section className="page">
              <h2 className="page-title">No such settings page</h2>
              <p className="muted">
                <Link to="/networks">Open the network settings</Link>.
              </p>
            </section>
          </Route>
        </Switch>
      </div>
    </div>
  );
}
