import './LoadingState.css';

/**
 * A spinner with words, announced politely to screen readers. `screen`: it stands in for a screen whose script is
 * still loading (lib/lazyScreen's ScreenFallback), marked `data-screen-fallback` so a journey can tell it never shows.
 */
export function LoadingState({ label, screen = false }: { label: string; screen?: boolean }) {
  return (
    <div className="loading-state" role="status" {...(screen ? { 'data-screen-fallback': '' } : {})}>
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
