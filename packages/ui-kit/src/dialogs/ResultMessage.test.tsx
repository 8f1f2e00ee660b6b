/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ResultMessage } from './ResultMessage';

describe('ResultMessage (spec §8: green for success, otherwise red)', () => {
  it('is a green status for type success', () => {
    render(<ResultMessage type="success">Saved</ResultMessage>);
    expect(screen.getByRole('status').getAttribute('data-type')).toBe('success');
  });
  it('is a red alert for any other type', () => {
    render(<ResultMessage type="warning">Nope</ResultMessage>);
    expect(screen.getByRole('alert').getAttribute('data-type')).toBe('error');
  });
  it('renders nothing without a message', () => {
    const { container } = render(<ResultMessage type="success" />);
    expect(container.innerHTML).toBe('');
  });
  it('stands below its content by default and above it with placement="above"', () => {
    render(
      <>
        <ResultMessage type="success">Below</ResultMessage>
        <ResultMessage type="error" placement="above">
          Above
        </ResultMessage>
      </>,
    );
    const below = getComputedStyle(screen.getByText('Below'));
    expect([below.marginTop, below.marginBottom]).toEqual(['12px', '0px']);
    const above = getComputedStyle(screen.getByText('Above'));
    expect([above.marginTop, above.marginBottom]).toEqual(['0px', '12px']);
    expect(above.padding).toBe('10px 12px');
  });
  it('passes other attributes to the paragraph and keeps a role the caller gives', () => {
    render(
      <ResultMessage type="error" id="why" aria-live="polite" className="extra" role="status">
        Not configured
      </ResultMessage>,
    );
    const note = screen.getByRole('status');
    expect(note.id).toBe('why');
    expect(note.getAttribute('aria-live')).toBe('polite');
    expect(note.classList.contains('extra')).toBe(true);
    expect(note.getAttribute('data-type')).toBe('error');
  });
});
