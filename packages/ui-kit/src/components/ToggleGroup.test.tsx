/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ToggleGroup } from './ToggleGroup';

type View = 'graph' | 'table' | 'both';
const OPTIONS = [
  { value: 'graph', label: 'Graph' },
  { value: 'table', label: 'Table' },
  { value: 'both', label: 'Both' },
] as const;

function Harness({ onChange, hideLabel }: { onChange?: (v: View) => void; hideLabel?: boolean }) {
  const [view, setView] = useState<View>('graph');
  return (
    <ToggleGroup
      label="Show as"
      value={view}
      options={OPTIONS}
      hideLabel={hideLabel}
      onChange={(v) => {
        onChange?.(v);
        setView(v);
      }}
    />
  );
}

const pressed = () =>
  within(screen.getByRole('group', { name: 'Show as' }))
    .getAllByRole('button')
    .map((b) => `${b.textContent}:${b.getAttribute('aria-pressed')}`);

describe('ToggleGroup', () => {
  it('is a group named by its visible label whose buttons say which one is chosen (aria-pressed)', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Show as' });
    expect(document.getElementById(group.getAttribute('aria-labelledby') ?? '')).toBe(screen.getByText('Show as'));
    expect(pressed()).toEqual(['Graph:true', 'Table:false', 'Both:false']);
    // the accessible names are the visible texts (no label-content-name mismatch)
    expect(screen.getByRole('button', { name: 'Table', pressed: false }).textContent).toBe('Table');
  });

  it('chooses an option on a click, and a click on the chosen one changes nothing', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(pressed()).toEqual(['Graph:false', 'Table:true', 'Both:false']);
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(onChange.mock.calls).toEqual([['table']]);
  });

  it('works from the keyboard: Tab reaches it, arrows/Home/End move, Enter and Space choose', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">before</button>
        <Harness />
      </>,
    );
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Graph');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Table');
    await user.keyboard('{Enter}');
    expect(pressed()).toEqual(['Graph:false', 'Table:true', 'Both:false']);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Graph'); // wraps round
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement?.textContent).toBe('Both');
    await user.keyboard(' ');
    expect(pressed()).toEqual(['Graph:false', 'Table:false', 'Both:true']);
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Graph');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Both');
  });

  it('with hideLabel, names the group without showing the label', () => {
    render(<Harness hideLabel />);
    expect(screen.queryByText('Show as')).toBeNull();
    expect(pressed()).toEqual(['Graph:true', 'Table:false', 'Both:false']);
  });
});
