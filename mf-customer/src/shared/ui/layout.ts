import { theme } from '@kinfolio/ui-kit';
import styled from 'styled-components';

/** The dashboard's card: a white panel with a heading, the frame of every section. */
export const Card = styled.section`
  position: relative;
  padding: 20px 24px;
  margin-bottom: 16px;
  border: 1px solid #e3eaea;
  border-radius: 10px;
  background: #fff;
  h2 {
    margin: 0 0 12px;
    font-size: 1.15rem;
  }
`;
/** A grid of inputs that wraps to the width. */
export const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 4px 16px;
`;
/** A definition list of label and value pairs. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 12px 16px;
  margin: 0;
  dt {
    font-size: 0.85rem;
    color: #5a6b6b;
  }
  dd {
    margin: 2px 0 0;
    font-weight: 600;
  }
`;
/** A right-aligned row of actions. */
export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  justify-content: flex-end;
  margin-top: 12px;
`;

/** A section page: its screen-reader-only text (.kf-sr) and its links drawn as buttons (a.kf-button-link). */
export const SectionPage = styled.section`
  .kf-sr {
    position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
  }
  a.kf-button-link {
    display: inline-block;
    padding: 10px 16px;
    border-radius: ${theme.radius};
    background: ${theme.colors.primaryDark};
    color: #fff;
    text-decoration: none;
    font-weight: 600;
  }
  a.kf-button-link:focus-visible { outline: 3px solid ${theme.colors.primary}; outline-offset: 2px; }
`;
