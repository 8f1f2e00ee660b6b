import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';

const root = document.getElementById('root');
// The first render as a transition: React renders it in slices of a few milliseconds and yields between them, so
// starting the app is not one long task that blocks input (Lighthouse's Total Blocking Time).
if (root) startTransition(() => createRoot(root).render(<App />));
