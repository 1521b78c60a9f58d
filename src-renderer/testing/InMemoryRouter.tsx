import type { ReactNode } from 'react';
import { Router } from 'wouter';
import type { memoryLocation } from 'wouter/memory-location';
import { NavigateContext } from '../components/Link';

/** The app's router over a location kept in memory: wouter's routes and the app's links both go through it. */
export function InMemoryRouter({ location, children }: { location: ReturnType<typeof memoryLocation>; children: ReactNode }) {
  return (
    <Router hook={location.hook}>
      <NavigateContext.Provider value={location.navigate}>{children}</NavigateContext.Provider>
    </Router>
  );
}
