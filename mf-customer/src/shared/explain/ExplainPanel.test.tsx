/** @jest-environment jsdom */
import type { Explanation, ExplanationTree } from '@kinfolio/contracts/src/explanation-node';
import { ApiError } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import { seriousAxeProblems } from '../testing/axe';
import { ExplainProvider, Figure } from './context';

const HH = '00000000-0000-4000-8000-0000000000c1';
const BASE = `/advisor/customers/${HH}`;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi());
jest.mock('../household/context', () => ({ useHousehold: () => ({ household: { id: HH }, version: 0 }) }));

/** The income tax of 2027 as the service explains it, down to the salary record (values hand-made, consistent). */
const NODES: Record<string, Explanation> = {
  'row:2027:tax': {
    id: 'row:2027:tax',
    label: 'Income tax, 2027',
    value: 5650,
    unit: 'money',
    kind: 'figure',
    rule: [
      'bands of YA 2027 on ',
      { value: 96000, unit: 'money' },
      ' chargeable income: ',
      { value: 3.5, unit: 'percent' },
      ' on the part from ',
      { value: 40000, unit: 'money' },
    ],
    formula: { op: 'bands', bands: [{ from: 20000, rate: 2 }] },
    parts: [
      {
        id: 'tax:2027:m1:chargeable',
        label: 'Chargeable income, 2027',
        value: 96000,
        unit: 'money',
        sign: 1,
        explainable: true,
        kind: 'figure',
      },
      {
        id: 'tbl:tax:2024:bands',
        label: 'Tax bands',
        value: 0,
        unit: 'money',
        sign: 1,
        explainable: false,
        kind: 'table',
      },
    ],
    records: [],
    table: { name: 'Singapore income tax', version: 2024, year: 2027, source: 'IRAS: Individual income tax rates' },
  },
  'tax:2027:m1:chargeable': {
    id: 'tax:2027:m1:chargeable',
    label: 'Chargeable income, 2027',
    value: 96000,
    unit: 'money',
    kind: 'figure',
    rule: [{ value: 120000, unit: 'money' }, ' income less ', { value: 24000, unit: 'money' }, ' reliefs'],
    formula: { op: 'sum', signs: [1, -1] },
    parts: [
      {
        id: 'in:incomes:inc1:amount',
        label: 'Salary of Alex Tan',
        value: 120000,
        unit: 'money',
        sign: 1,
        explainable: true,
        kind: 'record',
      },
      {
        id: 'tax:2027:m1:reliefs',
        label: 'Reliefs',
        value: 24000,
        unit: 'money',
        sign: -1,
        explainable: false,
        kind: 'figure',
      },
    ],
    records: [],
    table: null,
  },
  'in:incomes:inc1:amount': {
    id: 'in:incomes:inc1:amount',
    label: 'Salary of Alex Tan',
    value: 120000,
    unit: 'money',
    kind: 'record',
    rule: ['Entered as ', { value: 10000, unit: 'money' }, ' a month, ', { value: 12, unit: 'count' }, ' months'],
    formula: { op: 'input' },
    parts: [],
    records: [{ kind: 'income', id: 'inc1', field: 'amount', label: 'Salary of Alex Tan', screen: 'income' }],
    table: null,
  },
};

let fail: ApiError | null = null;
function serve(c: StubCall): unknown {
  if (c.method === 'GET' && c.path === `customer/${HH}/financial-report/explain`) {
    if (fail) throw fail;
    const id = String(c.query?.figure);
    const explanation = NODES[id];
    if (!explanation) throw new ApiError(404, { message: 'There is no figure with this id' });
    return { customer_id: HH, currency: String(c.query?.currency ?? 'SGD'), as_of: '2026-11-28', explanation };
  }
  throw new Error(`unexpected ${c.method} ${c.path}`);
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderFigure(figure = 'row:2027:tax', currency = 'SGD', tree?: ExplanationTree, asPercent?: boolean) {
  render(
    <MemoryRouter initialEntries={[`${BASE}/data-table`]}>
      <ExplainProvider base={BASE}>
        <Routes>
          <Route
            path={`${BASE}/data-table`}
            element={
              <Figure id={figure} label="Tax, 2027" currency={currency} tree={tree} asPercent={asPercent}>
                5,650
              </Figure>
            }
          />
          <Route path="*" element={<p>another screen</p>} />
        </Routes>
        <Where />
      </ExplainProvider>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: '5,650' });
}

const explainCalls = () => stub.calls.filter((c) => c.path.endsWith('/financial-report/explain'));

beforeEach(() => {
  stub.reset();
  stub.handler = serve;
  fail = null;
});

describe('ExplainPanel: how a figure was calculated', () => {
  it('opens on the figure with its name, value, rule with formatted numbers and rate table', async () => {
    const figure = renderFigure();
    expect(figure.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(figure);
    const dialog = await screen.findByRole('dialog', { name: 'Income tax, 2027' });
    expect(explainCalls()).toEqual([
      {
        method: 'GET',
        path: `customer/${HH}/financial-report/explain`,
        query: { figure: 'row:2027:tax', currency: 'SGD' },
      },
    ]);
    expect(within(dialog).getByTestId('explain-value').textContent).toBe('SGD 5,650.00');
    expect(within(dialog).getByTestId('explain-rule').textContent).toBe(
      'bands of YA 2027 on SGD 96,000.00 chargeable income: 3.5% on the part from SGD 40,000.00',
    );
    const table = within(dialog).getByRole('region', { name: 'Rate table' });
    expect(Array.from(table.querySelectorAll('dt, dd')).map((e) => e.textContent)).toEqual([
      'Table',
      'Singapore income tax',
      'Version',
      'from 2024',
      'Applied to',
      '2027',
      'Source',
      'IRAS: Individual income tax rates',
    ]);
    // the parts: one opens further (a button), the table's bands do not
    const parts = within(dialog).getByRole('region', { name: 'Made of' });
    expect(
      within(parts)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Chargeable income, 2027SGD 96,000.00']);
    expect(parts.querySelector('[data-part="tbl:tax:2024:bands"]')?.textContent).toBe('Tax bandsSGD 0.00');
  });

  it('asks for the report currency the screen shows (RM)', async () => {
    fireEvent.click(renderFigure('row:2027:tax', 'RM'));
    const dialog = await screen.findByRole('dialog', { name: 'Income tax, 2027' });
    expect(explainCalls()[0]?.query).toEqual({ figure: 'row:2027:tax', currency: 'RM' });
    expect(within(dialog).getByTestId('explain-value').textContent).toBe('RM 5,650.00');
  });

  it('walks down the parts to the record, links it to the screen that edits it, and walks back up', async () => {
    fireEvent.click(renderFigure());
    let dialog = await screen.findByRole('dialog', { name: 'Income tax, 2027' });
    fireEvent.click(within(dialog).getByRole('button', { name: /Chargeable income, 2027/ }));
    dialog = await screen.findByRole('dialog', { name: 'Chargeable income, 2027' });
    expect(within(dialog).getByTestId('explain-rule').textContent).toBe(
      'SGD 120,000.00 income less SGD 24,000.00 reliefs',
    );
    // a part taken away reads as such
    expect(dialog.querySelector('[data-part="tax:2027:m1:reliefs"]')?.textContent).toBe('Less reliefs− SGD 24,000.00');
    // the focus follows to the new step's title
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Chargeable income, 2027' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Salary of Alex Tan/ }));
    dialog = await screen.findByRole('dialog', { name: 'Salary of Alex Tan' });
    expect(within(dialog).getByTestId('explain-rule').textContent).toBe('Entered as SGD 10,000.00 a month, 12 months');
    const link = within(dialog).getByRole('link', { name: 'Salary of Alex Tan' });
    expect(link.getAttribute('href')).toBe(`${BASE}/financial-report/cashflow`);
    expect(within(dialog).getByText('(change it on Income & Expenses)')).toBeInstanceOf(HTMLElement);
    // the trail: two steps back up, the current one marked
    const crumbs = within(dialog).getByRole('navigation', { name: 'Steps of this figure' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(['Income tax, 2027', 'Chargeable income, 2027', 'Salary of Alex Tan']);
    expect(within(crumbs).getByText('Salary of Alex Tan').getAttribute('aria-current')).toBe('step');
    fireEvent.click(within(crumbs).getByRole('button', { name: 'Income tax, 2027' }));
    dialog = await screen.findByRole('dialog', { name: 'Income tax, 2027' });
    expect(within(dialog).getByTestId('explain-rule').textContent).toMatch(/^bands of YA 2027 on SGD 96,000\.00/);
    expect(within(dialog).queryByRole('navigation', { name: 'Steps of this figure' })).toBeNull();
    // each node was asked for once: walking back reads what was loaded
    expect(explainCalls().map((c) => c.query?.figure)).toEqual([
      'row:2027:tax',
      'tax:2027:m1:chargeable',
      'in:incomes:inc1:amount',
    ]);
  });

  it("follows a record's link to its screen and closes", async () => {
    fireEvent.click(renderFigure('in:incomes:inc1:amount'));
    const dialog = await screen.findByRole('dialog', { name: 'Salary of Alex Tan' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'Salary of Alex Tan' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`${BASE}/financial-report/cashflow`));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('another screen')).toBeInstanceOf(HTMLElement);
  });

  it('moves the focus in, keeps Tab inside, closes on Escape and gives the focus back to the figure', async () => {
    const figure = renderFigure();
    figure.focus();
    fireEvent.click(figure);
    const dialog = await screen.findByRole('dialog', { name: 'Income tax, 2027' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const title = within(dialog).getByRole('heading', { name: 'Income tax, 2027' });
    expect(dialog.getAttribute('aria-labelledby')).toBe(title.id);
    expect(document.activeElement).toBe(title);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const part = within(dialog).getByRole('button', { name: /Chargeable income/ });
    // Tab from the last control wraps to the first; Shift+Tab from the first to the last
    part.focus();
    fireEvent.keyDown(part, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(part);
    fireEvent.keyDown(part, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(figure);
  });

  it('closes with its Close button too, the focus back on the figure', async () => {
    const figure = renderFigure();
    fireEvent.click(figure);
    const dialog = await screen.findByRole('dialog', { name: 'Income tax, 2027' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(figure);
  });

  it('shows a skeleton while loading, then a clear message on failure, and tries again', async () => {
    let release: (v: unknown) => void = () => undefined;
    stub.handler = () => new Promise((r) => (release = r));
    fireEvent.click(renderFigure());
    const dialog = await screen.findByRole('dialog', { name: 'Tax, 2027' });
    expect(within(dialog).getByTestId('skeleton').textContent).toContain('Loading the explanation');
    await act(async () => release(Promise.reject(new ApiError(503, { message: 'The planning service is busy' }))));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('This explanation could not be loaded: The planning service is busyTry again');
    stub.handler = serve;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByTestId('explain-value')).toHaveProperty('textContent', 'SGD 5,650.00');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('reads a tree carried in the reply (Monte Carlo) without asking the service', async () => {
    const tree: ExplanationTree = {
      root: 'mc:probability',
      nodes: [
        {
          id: 'mc:probability',
          label: 'Probability of success',
          value: 0.825,
          unit: 'factor',
          kind: 'figure',
          rule: [{ value: 825, unit: 'count' }, ' of ', { value: 1000, unit: 'count' }, ' trials never ran out'],
          formula: { op: 'percent' },
          parts: [
            {
              id: 'mc:never',
              label: 'Trials that never ran out',
              value: 825,
              unit: 'count',
              sign: 1,
              explainable: true,
              kind: 'figure',
            },
          ],
          records: [],
          table: null,
        },
        {
          id: 'mc:never',
          label: 'Trials that never ran out',
          value: 825,
          unit: 'count',
          kind: 'figure',
          rule: ['counted over ', { value: 1000, unit: 'count' }, ' trials of ', { value: 30, unit: 'years' }],
          formula: { op: 'input' },
          parts: [],
          records: [],
          table: null,
        },
      ],
    };
    // the probability is a fraction the scenario screen shows as a percent: the panel says it the same way
    fireEvent.click(renderFigure('mc:probability', 'SGD', tree, true));
    let dialog = await screen.findByRole('dialog', { name: 'Probability of success' });
    expect(within(dialog).getByTestId('explain-value').textContent).toBe('82.5%');
    expect(within(dialog).getByTestId('explain-rule').textContent).toBe('825 of 1,000 trials never ran out');
    fireEvent.click(within(dialog).getByRole('button', { name: /Trials that never ran out/ }));
    dialog = await screen.findByRole('dialog', { name: 'Trials that never ran out' });
    expect(within(dialog).getByTestId('explain-rule').textContent).toBe('counted over 1,000 trials of 30 years');
    expect(explainCalls()).toEqual([]);
  });

  it('has no serious or critical accessibility problem when open (axe)', async () => {
    fireEvent.click(renderFigure('tax:2027:m1:chargeable'));
    await screen.findByRole('dialog', { name: 'Chargeable income, 2027' });
    expect(await seriousAxeProblems()).toEqual([]);
  });
});
