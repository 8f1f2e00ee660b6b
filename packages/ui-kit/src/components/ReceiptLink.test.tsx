/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ReceiptLink } from './ReceiptLink';

describe('Billing History receipt link', () => {
  it("downloads Kinfolio's own receipt (a PDF from svc-billing) in place", () => {
    render(<ReceiptLink url="/api/v1/subscription-transactions/t1/receipt" when="1 Mar 2026" />);
    const link = screen.getByRole('link', { name: 'Receipt for 1 Mar 2026 (PDF download)' });
    expect(link.getAttribute('href')).toBe('/api/v1/subscription-transactions/t1/receipt');
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.getAttribute('target')).toBeNull();
  });

  it("opens the provider's hosted receipt in a new tab", () => {
    render(<ReceiptLink url="https://invoice.stripe.com/i/acct_1/test_1" when="1 Mar 2026" />);
    const link = screen.getByRole('link', { name: 'Receipt for 1 Mar 2026 (opens in a new tab)' });
    expect([link.getAttribute('target'), link.getAttribute('rel'), link.hasAttribute('download')]).toEqual([
      '_blank',
      'noopener noreferrer',
      false,
    ]);
  });

  it('shows a dash for a failed payment, which has no receipt', () => {
    const { container } = render(<ReceiptLink url={null} when="1 Mar 2026" />);
    expect(container.textContent).toBe('—');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
