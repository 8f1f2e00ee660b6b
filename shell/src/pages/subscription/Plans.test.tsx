/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SubscriptionPage } from '../misc';
import { formatPlanPrice } from './Plans';

let user: Record<string, unknown> | null = null;
const paths: string[] = [];

jest.mock('@kinfolio/ui-kit', () => ({
  ...jest.requireActual('@kinfolio/ui-kit'),
  api: {
    get: (path: string) => {
      paths.push(path);
      return Promise.resolve([
        {
          id: 'p-month',
          name: 'Monthly',
          interval: 'monthly',
          price_sgd: 4900,
          price_rm: 16900,
          features: ['Unlimited customers'],
          active: true,
        },
        {
          id: 'p-year',
          name: 'Yearly',
          interval: 'yearly',
          price_sgd: 49000,
          price_rm: 169000,
          features: [],
          active: true,
        },
        {
          id: 'p-old',
          name: 'Legacy',
          interval: 'monthly',
          price_sgd: 100,
          price_rm: 100,
          features: [],
          active: false,
        },
      ]);
    },
  },
  useSession: () => ({ user, status: 'loaded', setUser: jest.fn() }),
}));

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/subscription']}>
      <SubscriptionPage />
    </MemoryRouter>,
  );

beforeEach(() => {
  paths.length = 0;
});

describe('/subscription plans', () => {
  it('formats plan prices with 2 decimals', () => {
    expect(formatPlanPrice(4900, 'SGD')).toBe('SGD 49.00');
    expect(formatPlanPrice(169000, 'RM')).toBe('RM 1,690.00');
  });

  it('shows visitors the active plans in SGD and RM next to the free-trial entry', async () => {
    user = null;
    renderPage();
    expect(screen.getByRole('link', { name: 'Start your free trial' }).getAttribute('href')).toBe(
      '/advisor/auth/create-account',
    );
    expect(await screen.findByText('SGD 49.00 per month')).toBeInstanceOf(Element);
    expect(screen.getByText('Unlimited customers')).toBeInstanceOf(Element);
    expect(screen.queryByText('Legacy')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'RM' }));
    expect(screen.getByText('RM 1,690.00 per year')).toBeInstanceOf(Element);
    expect(screen.queryByRole('link', { name: /Choose Monthly/ })).toBeNull();
    expect(paths).toEqual(['membership-plans']);
  });

  it('lets a trial advisor choose a plan, leading to subscribe with the plan and currency', async () => {
    user = {
      id: 'u1',
      type: 'advisor',
      membership_status: 'trial',
      trial_ends_at: new Date(Date.now() + 86_400_000).toISOString(),
    };
    renderPage();
    expect(screen.getByText('You are on the 14-day free trial.')).toBeInstanceOf(Element);
    fireEvent.click(await screen.findByRole('radio', { name: 'RM' }));
    expect(screen.getByRole('link', { name: 'Choose Yearly' }).getAttribute('href')).toBe(
      '/advisor/account-settings/my-subscription?plan=p-year&currency=RM#choose-plan',
    );
  });

  it('shows no plans to an advisor whose subscription is active', () => {
    user = { id: 'u1', type: 'advisor', membership_status: 'active', trial_ends_at: null };
    renderPage();
    expect(screen.getByText('Your subscription is active.')).toBeInstanceOf(Element);
    expect(screen.queryByRole('heading', { name: 'Plans' })).toBeNull();
  });
});
