import { Link } from '../../components/Link';
import { Icon } from '../../components/Icon';
import { useLiveSubscription } from '../../hooks/useLiveSubscription';
import './SandboxAlert.css';

/**
 * In the top bar, whatever screen is open: the Local sandbox could not start (with the reason), or crashed and
 * is being restarted. Links to its Settings page, which says what to do and has Restart.
 */
export function SandboxAlert() {
  const { data } = useLiveSubscription('sandbox.status', {});
  // After a crash it is restarted by itself: the alert stays, saying so, until it runs again.
  if (data?.state !== 'failed' && data?.state !== 'crashed' && data?.state !== 'restarting') return null;
  const text =
    data.state === 'failed' ? `Sandbox ${lowerFirst(data.lastError?.shortMessage ?? 'could not start')}` : data.state === 'crashed' ? 'Sandbox crashed: restarting it…' : 'Sandbox restarting…';
  return (
    <Link to="~/settings/sandbox" className="sandbox-alert" role="alert" title={data.lastError?.details ?? text}>
      <Icon name="warning" />
      <span className="sandbox-alert-text">{text}</span>
    </Link>
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
