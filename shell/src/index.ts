// Async boundary: the shared singletons (react, react-dom, router, styled-components, ui-kit) are negotiated with the
// Module Federation runtime before the shell's code runs; their chunks load in parallel with the shell's.
//
// A prerendered sign-in page (shell/src/prerender.tsx) is already drawn by the HTML: the app starts after the
// browser has painted it (the next frame, then a task after it), so that paint never waits for the app's scripts
// to run; elsewhere it starts at once (the splash is all there is to see).
import { startAfterFirstPaint } from './startAfterPaint';

const start = () => import('./bootstrap');
if (document.getElementById('root')?.dataset.prerendered) startAfterFirstPaint(start);
else void start();
