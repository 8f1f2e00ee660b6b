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

/** What an unknown admin address shows (every menu entry leads to a real page). */
export function NotFoundPanel() {
  return (
    <Panel aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>There is no admin page at this address.</p>
    </Panel>
  );
}
