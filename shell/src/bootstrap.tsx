import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import App from './App';
import { canHydrate, releaseInertForms } from './inert';

/** Lifts the prerendered forms' inert state once React has hydrated them and its handlers are attached. */
function Hydrated({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => releaseInertForms(root), [root]);
  return <>{children}</>;
}

const root = document.getElementById('root');
if (root && canHydrate(root, window.location)) {
  // A prerendered sign-in page (shell/src/prerender.tsx): React adopts the painted markup instead of replacing it,
  // so nothing is drawn twice (the largest text stays the first paint's) and nothing typed meanwhile is lost.
  hydrateRoot(
    root,
    <Hydrated root={root}>
      <App />
    </Hydrated>,
  );
} else if (root) {
  // The first render as a transition: React renders it in slices of a few milliseconds and yields between them, so
  // starting the app is not one long task that blocks input (Lighthouse's Total Blocking Time).
  startTransition(() => createRoot(root).render(<App />));
}
