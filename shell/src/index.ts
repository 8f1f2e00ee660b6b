// Async boundary: the shared singletons (react, react-dom, router, styled-components, ui-kit) are negotiated with the
// Module Federation runtime before the shell's code runs; their chunks load in parallel with the shell's.
import('./bootstrap');

export {};
