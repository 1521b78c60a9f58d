import { useLocation } from 'wouter';
import { Link } from '../../components/Link';

/** Any URL that names no screen. */
export function NotFoundScreen() {
  const [location] = useLocation();
  return (
    <section className="page" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="page-title">
        Nothing here
      </h1>
      <p className="muted">
        No screen lives at <code>{location}</code>. <Link to="/explorer">Go to the explorer</Link>.
      </p>
    </section>
  );
}
