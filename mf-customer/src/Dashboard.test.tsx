/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import App, { mountOf } from './App';
import { leadInfoFrom } from './shared/frame/lead';

const paths: string[] = [];
let reply: (path: string) => unknown = () => {
  throw new Error('Not found');
};
const logout = jest.fn(() => Promise.resolve());
let sessionUser: Record<string, unknown> | null = null;

jest.mock('@kinfolio/ui-kit', () => ({
  ...jest.requireActual('@kinfolio/ui-kit'),
  api: {
    get: (path: string) => {
      paths.push(path);
      try {
        return Promise.resolve(reply(path));
      } catch (e) {
        return Promise.reject(e);
      }
    },
  },
  useSession: () => ({ user: sessionUser, status: 'loaded', logout, setUser: jest.fn(), refresh: jest.fn() }),
}));

const { DEFAULT_AVATAR_FEMALE, DEFAULT_AVATAR_MALE } = jest.requireActual(
  '@kinfolio/ui-kit',
) as typeof import('@kinfolio/ui-kit');
const avatarSrc = () => document.querySelector('header img')?.getAttribute('src');
const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';
const ADVISOR = {
  id: '00000000-0000-4000-8000-0000000000a1',
  type: 'advisor',
  name: 'Dana',
  gender: 'female',
  profile_image: null,
};

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/advisor/customers/:customerId/*" element={<App />} />
        <Route path="/customer/dashboard/*" element={<App />} />
        <Route path="/advisor/customers" element={<p>customers list</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

/** renderAt, then the household's load settled (a test about the frame alone does not leave it loading). */
async function renderSettled(path: string) {
  const view = renderAt(path);
  await act(async () => {});
  return view;
}

beforeEach(() => {
  paths.length = 0;
  logout.mockClear();
  sessionUser = { ...ADVISOR };
  reply = () => {
    throw new Error('Not found');
  };
});

describe('financial report sub-tabs', () => {
  it('Net Worth shows the projected assets, liabilities and net worth by year as a graph or a table', async () => {
    reply = (path) =>
      path === `customer/${CUSTOMER}/net-worth`
        ? {
            customer_id: CUSTOMER,
            currency: 'SGD',
            computed_at: '2026-11-24T00:00:00.000Z',
            years: [
              { year: 2026, total_assets: 660000, total_liabilities: 240000, net_worth: 420000 },
              { year: 2027, total_assets: 690000, total_liabilities: 230000, net_worth: 460000 },
            ],
          }
        : { id: CUSTOMER, name: 'Siti Rahman', members: [] };
    renderAt(`/advisor/customers/${CUSTOMER}/financial-report/dashboard/networth`);
    const card = await screen.findByRole('region', { name: 'Net Worth' });
    expect(
      (await within(card).findByText(/2026: assets SGD 660,000, liabilities SGD 240,000, net worth/)).textContent,
    ).toContain('SGD 420,000');
    fireEvent.click(within(card).getByRole('button', { name: 'Table' }));
    const rows = within(within(card).getByRole('region', { name: 'Net worth by year' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Year endTotal assetsTotal liabilitiesNet worth',
      '2026SGD 660,000SGD 240,000SGD 420,000',
      '2027SGD 690,000SGD 230,000SGD 460,000',
    ]);
    expect(paths).toContain(`customer/${CUSTOMER}/net-worth`);
  });

  it('the report opens on Cashflow; an unknown sub-tab or section says there is no such page', async () => {
    reply = (path) => {
      if (path.startsWith('single-lead/')) return { id: CUSTOMER, name: 'Siti Rahman', members: [] };
      throw new Error('Not found');
    };
    const first = renderAt(`/advisor/customers/${CUSTOMER}/financial-report/dashboard`);
    await act(async () => {});
    expect(paths).toContain(`customer/cash-flow/${CUSTOMER}`);
    first.unmount();
    for (const path of ['financial-report/dashboard/nope', 'financial-report/nope']) {
      const view = renderAt(`/advisor/customers/${CUSTOMER}/${path}`);
      expect((await screen.findByText('There is no dashboard page at this address.')).tagName).toBe('P');
      view.unmount();
    }
  });

  it('the Insurance sub-tab shows the household insurance, not a placeholder', async () => {
    reply = (path) =>
      path.includes('coverage-by-member')
        ? { currency: 'SGD', members: [] }
        : path.includes('insurance')
          ? { rows: [], total: 0, page: 1, page_size: 100 }
          : { id: CUSTOMER, members: [] };
    renderAt(`/advisor/customers/${CUSTOMER}/financial-report/dashboard/insurance`);
    expect((await screen.findByRole('heading', { level: 2, name: 'Policies by member' })).textContent).toBe(
      'Policies by member',
    );
    expect(screen.queryByText(/arrives/i)).toBeNull();
  });
});

describe('customer dashboard frame', () => {
  it("shows the defaults 'Lead profile', a male avatar and 'Age: -' while single-lead 404s", async () => {
    renderAt(`/advisor/customers/${CUSTOMER}/profile`);
    expect(screen.getByRole('heading', { level: 1, name: 'Lead profile' })).toBeTruthy();
    expect(avatarSrc()).toBe(DEFAULT_AVATAR_MALE);
    expect(screen.getByText('Age: -')).toBeTruthy();
    await act(async () => {});
    expect(paths).toEqual([`single-lead/${CUSTOMER}`]);
    expect(screen.getByRole('heading', { level: 1, name: 'Lead profile' })).toBeTruthy();
  });

  it("shows the lead's own member (relation 'me'): name, avatar by gender and age", async () => {
    reply = () => ({
      id: CUSTOMER,
      name: 'Siti Rahman',
      gender: 'female',
      age: 41,
      members: [
        { name: 'Wei Ming', gender: 'male', age: 44, relation: 'spouse' },
        { name: 'Siti Rahman', gender: 'female', age: 41, relation: 'me' },
      ],
    });
    renderAt(`/advisor/customers/${CUSTOMER}/data-table`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Siti Rahman' })).toBeTruthy();
    expect(avatarSrc()).toBe(DEFAULT_AVATAR_FEMALE);
    expect(screen.getByText('Age: 41')).toBeTruthy();
  });

  it("advisors see 'Exit dashboard', which returns to /advisor/customers", async () => {
    renderAt(`/advisor/customers/${CUSTOMER}/data-table`);
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Exit dashboard' }));
    expect(screen.getByTestId('where').textContent).toBe('/advisor/customers');
    expect(screen.getByText('customers list')).toBeTruthy();
    await act(async () => {});
  });

  it("customers see 'Logout' behind the confirmation; Cancel keeps them, 'Yes, Logout' logs out", async () => {
    sessionUser = { id: CUSTOMER, type: 'customer', name: 'Siti Rahman', gender: 'female', profile_image: null };
    renderAt('/customer/dashboard/profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Siti Rahman' })).toBeTruthy();
    expect(avatarSrc()).toBe(DEFAULT_AVATAR_FEMALE);
    expect(screen.queryByRole('button', { name: 'Exit dashboard' })).toBeNull();
    // the customer's own household, asked for by their user id
    expect(paths).toEqual([`single-lead/${CUSTOMER}`]);

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to logout?' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Yes, Logout']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(logout).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, Logout' }));
    });
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('shows the tabs of §2.8 with links under the dashboard root and marks the active one', async () => {
    await renderSettled(`/advisor/customers/${CUSTOMER}/scenario-modelling`);
    const nav = screen.getByRole('navigation', { name: 'Dashboard sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Financial Report', `/advisor/customers/${CUSTOMER}/financial-report/dashboard`],
      ['Profile', `/advisor/customers/${CUSTOMER}/profile`],
      ['Data Table', `/advisor/customers/${CUSTOMER}/data-table`],
      ['My Dreams', `/advisor/customers/${CUSTOMER}/dreams-concerns/my-dreams`],
      ['Goals', `/advisor/customers/${CUSTOMER}/goals`],
      ['Scenario Modelling', `/advisor/customers/${CUSTOMER}/scenario-modelling`],
      ['My Concerns', `/advisor/customers/${CUSTOMER}/dreams-concerns/my-concerns`],
    ]);
    expect(within(nav).getByRole('link', { name: 'Scenario Modelling' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'My Dreams' }).getAttribute('aria-current')).toBeNull();
  });

  it('on-boarding mode hides the financial report and My Dreams and makes the tabs inactive', async () => {
    await renderSettled(`/advisor/customers/${CUSTOMER}?on_boarding=true`);
    const nav = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);
    expect(within(nav).queryByText('Financial Report')).toBeNull();
    expect(within(nav).queryByText('My Dreams')).toBeNull();
    expect(within(nav).getByText('Profile').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('where').textContent).toBe(`/advisor/customers/${CUSTOMER}/profile?on_boarding=true`);
  });

  it('the index opens the financial report; its sub-tabs; a customer gets no funds add links', async () => {
    sessionUser = { id: CUSTOMER, type: 'customer', name: 'Siti', gender: 'female', profile_image: null };
    await renderSettled('/customer/dashboard');
    expect(screen.getByTestId('where').textContent).toBe('/customer/dashboard/financial-report/dashboard');
    const sub = screen.getByRole('navigation', { name: 'Financial report' });
    expect(
      within(sub)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Cashflow', 'Net Worth', 'Insurance', 'Funds', 'Debt', 'Property']);
    await act(async () => {
      fireEvent.click(within(sub).getByRole('link', { name: 'Funds' }));
    });
    expect(screen.getByTestId('where').textContent).toBe('/customer/dashboard/financial-report/dashboard/funds');
    // issue 30 item 13: the add links open the advisor's add forms; a customer only reads their funds
    expect(screen.queryByRole('navigation', { name: 'Funds' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^add /i })).toBeNull();
  });

  it("the advisor's funds sub-tab has the add links with ?activeTab=", async () => {
    await renderSettled(`/advisor/customers/${CUSTOMER}/financial-report/dashboard/funds`);
    const base = `/advisor/customers/${CUSTOMER}`;
    const funds = screen.getByRole('navigation', { name: 'Funds' });
    expect(
      within(funds)
        .getAllByRole('link')
        .map((l) => [l.getAttribute('data-action'), l.getAttribute('href')]),
    ).toEqual([
      ['add_fund', `${base}/financial-report/funds?activeTab=long+term&add_fund=true&step=long+term`],
      ['add-savings', `${base}/financial-report/funds?activeTab=cash+equivalent&add_fund=true`],
      ['add-portfolio', `${base}/financial-report/funds?activeTab=investment&add_fund=true&step=investment`],
      ['add-pension', `${base}/financial-report/funds?activeTab=pension&add_fund=true`],
    ]);
    await act(async () => {
      fireEvent.click(within(funds).getByRole('link', { name: 'Add pension' }));
    });
    // the Funds screen itself (issue 13) is tested in balance-sheet/BalanceSheet.test.tsx
    expect(screen.getByTestId('where').textContent).toBe(
      `${base}/financial-report/funds?activeTab=pension&add_fund=true`,
    );
  });

  it("a concern's sub-pages: 'Income & Expenses', Insurance, Funds, Debt, and Property disabled", async () => {
    await renderSettled(`/advisor/customers/${CUSTOMER}/dreams-concerns/my-concerns/c-1/insurance`);
    const nav = screen.getByRole('navigation', { name: 'Concern' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Income & Expenses', 'Insurance', 'Funds', 'Debt']);
    expect(within(nav).getByText('Property').getAttribute('aria-disabled')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Insurance' }).getAttribute('aria-current')).toBe('page');
  });

  it("on-boarding mode also makes a concern's sub-page links inactive", async () => {
    await renderSettled(`/advisor/customers/${CUSTOMER}/dreams-concerns/my-concerns/c-1/cashflow?on_boarding=true`);
    const nav = screen.getByRole('navigation', { name: 'Concern' });
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);
    expect(within(nav).getByText('Income & Expenses').getAttribute('aria-disabled')).toBe('true');
    expect(within(nav).getByText('Income & Expenses').getAttribute('aria-current')).toBe('page');
  });
});

describe('helpers', () => {
  it('finds the mount from the path', () => {
    expect(mountOf(`/advisor/customers/${CUSTOMER}/profile`, 'profile')).toEqual({
      base: `/advisor/customers/${CUSTOMER}`,
      pathId: CUSTOMER,
    });
    expect(mountOf('/customer/dashboard', '')).toEqual({ base: '/customer/dashboard', pathId: null });
    expect(mountOf('/elsewhere/x/profile', 'profile')).toEqual({ base: '/elsewhere/x', pathId: null });
  });
  it('falls back to the lead record and to defaults', () => {
    expect(leadInfoFrom({ name: 'Ali', gender: 'male', age: '37' })).toEqual({
      name: 'Ali',
      gender: 'male',
      age: 37,
      profile_image: null,
    });
    expect(leadInfoFrom(null)).toEqual({ name: 'Lead profile', gender: 'male', age: null, profile_image: null });
  });
});
