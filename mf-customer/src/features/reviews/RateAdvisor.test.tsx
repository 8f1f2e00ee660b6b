/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { stub } from '../../../../packages/ui-kit/test/api-stub';
import { RateAdvisor } from './RateAdvisor';

const { calls } = stub;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi());
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

const saved = (rating: number, review: string, is_published = false) => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  advisor_id: '00000000-0000-4000-8000-0000000000b1',
  customer_id: '00000000-0000-4000-8000-0000000000c1',
  customer_name: 'Jane Tan',
  rating,
  review,
  is_published,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
let mine: ReturnType<typeof saved>[];

beforeEach(() => {
  calls.length = 0;
  mine = [];
  stub.handler = (c) => {
    if (c.method === 'GET' && c.path === 'customer/review-and-ratings') return mine;
    if (c.method === 'POST' && c.path === 'customer/review-and-ratings/create') {
      const b = c.body as { rating: number; review: string };
      return saved(b.rating, b.review);
    }
    if (c.method === 'PATCH') {
      const b = c.body as { rating: number; review: string };
      return saved(b.rating, b.review);
    }
    if (c.method === 'DELETE') return undefined;
    throw new ApiError(400, { message: `unexpected ${c.method} ${c.path}` });
  };
});

async function open() {
  render(<RateAdvisor />);
  await act(async () => undefined);
}

describe('Rate your advisor', () => {
  it('calls nothing until opened; asks for a rating and a review, then sends them with the create call', async () => {
    await open();
    expect(calls).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Rate your advisor' })).toBeInstanceOf(Element);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Rate your advisor' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Rate your advisor' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send review' }));
    });
    expect(within(dialog).getByText('Choose a rating from 1 to 5')).toBeInstanceOf(Element);
    expect(within(dialog).getByText('Enter review')).toBeInstanceOf(Element);
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars: Very good' }));
    fireEvent.change(within(dialog).getByLabelText('Review'), { target: { value: 'Clear and patient.' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send review' }));
    });
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: 'customer/review-and-ratings/create',
      body: { rating: 4, review: 'Clear and patient.' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Thank you for your review.');
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeInstanceOf(Element);
    expect(screen.getByText(/Not public: your advisor chooses/)).toBeInstanceOf(Element);
  });

  it('edits an existing review with its update call, and asks before discarding changes', async () => {
    mine = [saved(5, 'Great', true)];
    await open();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Rate your advisor' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit your review' });
    expect((within(dialog).getByRole('radio', { name: '5 stars: Excellent' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: '3 stars: Good' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })).toBeInstanceOf(Element);
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send review' }));
    });
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `customer/review-and-ratings/${mine[0]!.id}/update`,
      body: { rating: 3, review: 'Great' },
    });
    expect(screen.getByText(/Not public: your advisor chooses/)).toBeInstanceOf(Element);
    expect(screen.getByRole('button', { name: 'Change your review' })).toBeInstanceOf(Element);
  });

  it('shows the server refusal (no advisor) in the dialog', async () => {
    const base = stub.handler;
    stub.handler = (c) => {
      if (c.method === 'POST') throw new ApiError(409, { message: 'You do not have an advisor to review' });
      return base(c);
    };
    await open();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Rate your advisor' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Rate your advisor' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '1 star: Poor' }));
    fireEvent.change(within(dialog).getByLabelText('Review'), { target: { value: 'x' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send review' }));
    });
    expect(within(dialog).getByText('You do not have an advisor to review')).toBeInstanceOf(Element);
  });

  it('deletes the review after a confirmation', async () => {
    mine = [saved(2, 'Meh')];
    await open();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Rate your advisor' }));
    });
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Edit your review' })).getByRole('button', { name: 'Delete review' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete your review?' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    });
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `customer/review-and-ratings/${mine[0]!.id}`)).toBe(
      true,
    );
    expect(screen.getByRole('heading', { name: 'Rate your advisor' })).toBeInstanceOf(Element);
  });
});
