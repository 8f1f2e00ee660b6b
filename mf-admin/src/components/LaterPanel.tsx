import { theme } from '@kinfolio/ui-kit';
import styled from 'styled-components';

const Panel = styled.section`
  margin: 24px 0;
  padding: 32px 24px;
  border: 1px dashed ${theme.colors.primary};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  text-align: center;
  h1 {
    margin: 0 0 8px;
    font-size: 1.4rem;
  }
  p {
    margin: 0;
    color: ${theme.colors.muted};
  }
`;

export const LATER_TEXT = 'This section arrives in a later release.';

/** A placeholder for admin sections that later issues build, so the menu's links all lead somewhere real. */
export function LaterPanel({ title }: { title: string }) {
  return (
    <Panel aria-labelledby="later-panel-title">
      <h1 id="later-panel-title">{title}</h1>
      <p>{LATER_TEXT}</p>
    </Panel>
  );
}

export function NotFoundPanel() {
  return (
    <Panel aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>There is no admin page at this address.</p>
    </Panel>
  );
}
