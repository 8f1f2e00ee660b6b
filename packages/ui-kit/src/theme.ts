import { createGlobalStyle } from 'styled-components';
import { THEME_COLOR } from './constants';

/** Kinfolio's theme (primary #4db2af, spec §1). Components read it directly, so they also work without a provider. */
export const theme = {
  colors: {
    primary: THEME_COLOR,
    /** Darker primary for text and buttons on white (contrast ≥ 4.5:1). */
    primaryDark: '#1f6f6c',
    primarySoft: '#e6f4f4',
    text: '#1d2b2b',
    muted: '#4f5d5d',
    border: '#c9d3d3',
    background: '#f5f8f8',
    surface: '#ffffff',
    danger: '#b3261e',
    dangerSoft: '#fdecea',
    success: '#1e7a3c',
    successSoft: '#e5f5ea',
    header: '#10302f',
  },
  radius: '8px',
  shadow: '0 2px 10px rgba(16, 48, 47, 0.12)',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  space: (n: number) => `${n * 4}px`,
} as const;
export type Theme = typeof theme;

declare module 'styled-components' {
  export interface DefaultTheme extends Theme {}
}

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    font-family: ${theme.font};
    color: ${theme.colors.text};
    background: ${theme.colors.background};
    font-size: 16px;
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
  }
  a { color: ${theme.colors.primaryDark}; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 3px solid ${theme.colors.primary}; outline-offset: 2px; }
  .kf-visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
    clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
`;
