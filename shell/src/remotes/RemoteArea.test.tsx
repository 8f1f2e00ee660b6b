/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { RemoteUnavailableError } from './federation';
import { clearRemoteCache, REMOTE_UNAVAILABLE, RemoteArea } from './RemoteArea';

function Broken(): never {
  throw new Error('boom');
}

beforeEach(() => clearRemoteCache());

describe('remote areas', () => {
  it('renders the remote module once loaded', async () => {
    const loader = jest.fn(async () => (() => <p>advisor app</p>) as never);
    render(<RemoteArea remote="mf_advisor" loader={loader} />);
    expect(screen.getByTestId('skeleton')).toBeTruthy();
    await act(async () => undefined);
    expect(screen.getByText('advisor app')).toBeTruthy();
    expect(loader).toHaveBeenCalledWith('mf_advisor', './App');
  });

  it('shows the failure message in that area only when the remote is down; the rest keeps working', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const dead = jest.fn(async () => {
      throw new RemoteUnavailableError('mf_admin');
    });
    const alive = jest.fn(async () => (() => <p>support app</p>) as never);
    render(
      <div>
        <header>shell header</header>
        <RemoteArea remote="mf_admin" loader={dead} />
        <RemoteArea remote="mf_support" loader={alive} />
      </div>,
    );
    await act(async () => undefined);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(REMOTE_UNAVAILABLE);
    expect(alert.getAttribute('data-remote-unavailable')).toBe('mf_admin');
    expect(screen.getByText('shell header')).toBeTruthy();
    expect(screen.getByText('support app')).toBeTruthy();
    spy.mockRestore();
  });

  it('shows no placeholder at all while loading when asked for none (the help widget: no second skeleton)', async () => {
    let resolve: (c: never) => void = () => undefined;
    const loader = jest.fn(() => new Promise<never>((r) => (resolve = r)));
    const { container } = render(
      <RemoteArea remote="mf_support" expose="./HelpWidget" loading={null} loader={loader} />,
    );
    expect(screen.queryByTestId('skeleton')).toBeNull();
    expect(container.textContent).toBe('');
    await act(async () => resolve((() => <p>widget</p>) as never));
    expect(screen.getByText('widget').textContent).toBe('widget');
  });

  it('catches a remote that throws while rendering, and can render nothing (help widget)', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = render(
      <RemoteArea
        remote="mf_support"
        expose="./HelpWidget"
        failure={null}
        loading={null}
        loader={async () => Broken as never}
      />,
    );
    await act(async () => undefined);
    expect(container.textContent).toBe('');
    spy.mockRestore();
  });
});
