/** @jest-environment jsdom */

import { kitMock } from '@kinfolio/support-ui/testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { FAQ_DEBOUNCE_MS, FAQ_SKELETON_ROWS, FaqSearch, faqQueryFor } from './FaqSearch';

jest.mock('@kinfolio/ui-kit', () => require('@kinfolio/support-ui/testing').kitMock);

const topics = [
  {
    id: 't1',
    title: 'Billing',
    FAQAnswers: [
      {
        id: 'a1',
        question: 'How do I pay?',
        answer: '<p>By card<img src=x onerror="window.__pwned=1"></p><script>window.__pwned=2</script>',
      },
    ],
  },
];

const input = () => screen.getByRole('searchbox', { name: 'Search for help' });
const calls = () => kitMock.api.get.mock.calls.map((c) => (c[2] as { query?: unknown }).query);

describe('FAQ search', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.clearAllMocks();
    kitMock.api.get.mockResolvedValue(topics);
  });
  afterEach(() => jest.useRealTimers());

  it('decides per keyword length', () => {
    expect(FAQ_DEBOUNCE_MS).toBe(700);
    expect(faqQueryFor('abc')).toEqual({ keyword: 'abc' });
    expect(faqQueryFor('  ab ')).toEqual({});
    expect(faqQueryFor('')).toEqual({});
    expect(faqQueryFor('a')).toBeNull();
  });

  it('shows 8 skeleton rows while loading, then sanitised answers', async () => {
    let resolve: (v: unknown) => void = () => undefined;
    kitMock.api.get.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    render(<FaqSearch />);
    expect(screen.getAllByTestId('faq-skeleton-row')).toHaveLength(FAQ_SKELETON_ROWS);
    expect(FAQ_SKELETON_ROWS).toBe(8);
    await act(async () => resolve(topics));
    expect(screen.queryByTestId('faq-skeleton')).toBeNull();
    expect(screen.getByText('How do I pay?')).toBeTruthy();
    const answer = document.querySelector('.answer');
    expect(answer?.innerHTML).toContain('By card');
    expect(answer?.innerHTML).not.toMatch(/onerror|script/i);
  });

  it('sends the keyword only from 3 characters after a 700 ms pause', async () => {
    render(<FaqSearch />);
    await act(async () => undefined);
    expect(calls()).toEqual([undefined]); // the full list first
    fireEvent.change(input(), { target: { value: 'pa' } });
    fireEvent.change(input(), { target: { value: 'pay' } });
    await act(async () => jest.advanceTimersByTime(FAQ_DEBOUNCE_MS - 1));
    expect(calls()).toHaveLength(1);
    fireEvent.change(input(), { target: { value: 'paym' } }); // typing again restarts the pause
    await act(async () => jest.advanceTimersByTime(FAQ_DEBOUNCE_MS - 1));
    expect(calls()).toHaveLength(1);
    await act(async () => jest.advanceTimersByTime(1));
    expect(calls()).toEqual([undefined, { keyword: 'paym' }]);
  });

  it('reloads the full list with 2 characters and does nothing with 1', async () => {
    render(<FaqSearch />);
    await act(async () => undefined);
    fireEvent.change(input(), { target: { value: 'p' } });
    await act(async () => jest.advanceTimersByTime(FAQ_DEBOUNCE_MS));
    expect(calls()).toHaveLength(1);
    fireEvent.change(input(), { target: { value: 'pa' } });
    await act(async () => jest.advanceTimersByTime(FAQ_DEBOUNCE_MS));
    expect(calls()).toEqual([undefined, undefined]);
  });

  it('stops the skeleton without a message when the FAQ fails to load', async () => {
    kitMock.api.get.mockRejectedValueOnce(new Error('down'));
    render(<FaqSearch />);
    await act(async () => undefined);
    expect(screen.queryByTestId('faq-skeleton')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
