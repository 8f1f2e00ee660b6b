/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { formatAmount, transactionAmount, transactionTag } from '../billing';
import { TableHead } from './TableHead';

describe('TableHead', () => {
  it('gives one column header per entry, in order, with its class and any element as its content', () => {
    render(
      <table>
        <TableHead
          columns={['Name', { label: 'Price', className: 'kf-num' }, { key: 'x', label: <span>Remove</span> }]}
        />
      </table>,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Price', 'Remove']);
    expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    expect(headers[1]?.className).toBe('kf-num');
  });
});

describe('billing display', () => {
  it('tags a transaction by its kind and writes a refund with a minus sign', () => {
    expect(transactionTag('charge')).toEqual({ tone: 'green', label: 'Charge' });
    expect(transactionTag('failure')).toEqual({ tone: 'red', label: 'Failed' });
    expect(transactionTag('other')).toEqual({ tone: 'grey', label: 'other' });
    expect(transactionAmount({ kind: 'refund', amount: 4900, currency: 'SGD' })).toBe(`−${formatAmount(4900, 'SGD')}`);
    expect(transactionAmount({ kind: 'charge', amount: 4900, currency: 'SGD' })).toBe(formatAmount(4900, 'SGD'));
  });
});
