/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SaveConfirmationDialog, type SaveConfirmationDialogProps, summaryRouteFor } from './SaveConfirmationDialog';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

function Harness(props: Partial<SaveConfirmationDialogProps> & { onHidden?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <SaveConfirmationDialog
        open={open}
        onHide={() => {
          setOpen(false);
          props.onHidden?.();
        }}
        {...props}
      />
      <span data-testid="open">{String(open)}</span>
    </>
  );
}

function renderAt(path: string, props: Partial<SaveConfirmationDialogProps> & { onHidden?: () => void } = {}) {
  return render(
    <MemoryRouter initialEntries={['/previous', path]} initialIndex={1}>
      <Routes>
        <Route path="*" element={<Harness {...props} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const isOpen = () => screen.getByTestId('open').textContent === 'true';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('SaveConfirmationDialog (spec §2.9)', () => {
  it("shows 'Saved Successfully!', the two buttons and a 5 second counter by default", () => {
    renderAt('/advisor/customers/c1/insurance/add');
    expect(screen.getByRole('dialog', { name: 'Saved Successfully!' }).getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('button', { name: 'Stay on This Page' }).textContent).toBe('Stay on This Page');
    expect(screen.getByRole('button', { name: /^Go to Summary Now/ }).textContent).toBe('Go to Summary Now (5s)');
    expect(screen.getByRole('dialog').textContent).toContain('redirected to the summary page in 5 seconds');
  });

  it('counts down each second and at the end goes to the matching summary route and hides', () => {
    renderAt('/advisor/customers/c1/insurance/add', {
      summaryRoutes: [
        { match: /\/debt\//, to: '/debt-summary' },
        { match: (p) => p.includes('/insurance/'), to: (p) => p.replace(/\/add$/, '') },
      ],
    });
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByTestId('save-countdown').textContent).toBe('(4s)');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByTestId('save-countdown').textContent).toBe('(1s)');
    expect(where()).toBe('/advisor/customers/c1/insurance/add');
    act(() => jest.advanceTimersByTime(1000));
    expect(where()).toBe('/advisor/customers/c1/insurance');
    expect(isOpen()).toBe(false);
  });

  it('goes back one page when no summary route matches', () => {
    renderAt('/somewhere/else', { summaryRoutes: [{ match: '/advisor', to: '/advisor/customers' }] });
    act(() => jest.advanceTimersByTime(5000));
    expect(where()).toBe('/previous');
    expect(isOpen()).toBe(false);
  });

  it('runs the custom action instead of navigating when one is given', () => {
    const custom = jest.fn();
    renderAt('/a/b', { onCountdownEnd: custom, summaryRoute: '/never', seconds: 2 });
    act(() => jest.advanceTimersByTime(1999));
    expect(custom).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(custom).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/a/b');
    expect(isOpen()).toBe(false);
  });

  it("'Stay on This Page' hides it, stops the countdown and stays", () => {
    const custom = jest.fn();
    renderAt('/a/b', { onCountdownEnd: custom });
    act(() => jest.advanceTimersByTime(2000));
    fireEvent.click(screen.getByRole('button', { name: 'Stay on This Page' }));
    expect(isOpen()).toBe(false);
    act(() => jest.advanceTimersByTime(10_000));
    expect(custom).not.toHaveBeenCalled();
    expect(where()).toBe('/a/b');
  });

  it('closing (×) hides it without navigating', () => {
    renderAt('/a/b', { summaryRoute: '/summary' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(isOpen()).toBe(false);
    act(() => jest.advanceTimersByTime(10_000));
    expect(where()).toBe('/a/b');
  });

  it("'Go to Summary Now' goes at once to the given summary route", () => {
    renderAt('/a/b', { summaryRoute: '/summary' });
    fireEvent.click(screen.getByRole('button', { name: /^Go to Summary Now/ }));
    expect(where()).toBe('/summary');
    expect(isOpen()).toBe(false);
  });

  it('a custom primary button replaces Go to Summary Now', () => {
    renderAt('/a/b', {
      primaryButton: (
        <button type="button" data-testid="custom">
          Add another
        </button>
      ),
    });
    expect(screen.getByRole('dialog').contains(screen.getByTestId('custom'))).toBe(true);
    expect(screen.getByTestId('custom').textContent).toBe('Add another');
    expect(screen.queryByRole('button', { name: /Go to Summary Now/ })).toBeNull();
  });
});

describe('summaryRouteFor', () => {
  it('matches prefixes, patterns and predicates in order, else null', () => {
    const routes = [
      { match: '/x/debt', to: '/x/debt-summary' },
      { match: /^\/y\//, to: '/y' },
    ];
    expect(summaryRouteFor('/x/debt/add', routes)).toBe('/x/debt-summary');
    expect(summaryRouteFor('/x/debtor', routes)).toBeNull();
    expect(summaryRouteFor('/y/1', routes)).toBe('/y');
    expect(summaryRouteFor('/z', routes)).toBeNull();
    expect(summaryRouteFor('/z')).toBeNull();
  });
});
