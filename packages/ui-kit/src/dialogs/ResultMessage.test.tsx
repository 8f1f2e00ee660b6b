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
});
