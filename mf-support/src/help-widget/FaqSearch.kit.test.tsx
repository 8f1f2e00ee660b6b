/** @jest-environment jsdom */
// The FAQ search against the real ui-kit client (only fetch is faked): the URLs the browser would call.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { FAQ_DEBOUNCE_MS, FaqSearch } from './FaqSearch';

const topics = [
  { id: 't1', title: 'Billing', FAQAnswers: [{ id: 'a1', question: 'How do I pay?', answer: '<p>By card</p>' }] },
];

describe('FAQ search through the real API client', () => {
  // A minimal fetch Response (jsdom has no Response global).
  const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) => ({
    ok: true,
    status: 200,
    text: async () => JSON.stringify({ data: topics }),
  }));
  beforeEach(() => {
    jest.useFakeTimers();
    fetchMock.mockClear();
    (globalThis as { fetch: unknown }).fetch = fetchMock;
  });
  afterEach(() => jest.useRealTimers());

  it('calls /api/v1/user/faq, then ?keyword= after the pause', async () => {
    render(<FaqSearch />);
    await act(async () => undefined);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/user/faq');
    expect(await screen.findByText('How do I pay?')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'card' } });
    await act(async () => jest.advanceTimersByTime(FAQ_DEBOUNCE_MS));
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/v1/user/faq?keyword=card');
    const headers = (fetchMock.mock.calls[1]?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers['x-requested-with']).toBe('kinfolio');
  });
});
