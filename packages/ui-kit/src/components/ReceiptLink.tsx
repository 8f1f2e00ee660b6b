/**
 * The link holds its visually hidden text (position: absolute) inside it: without a positioned link that text would
 * escape the table's own scroll box and widen the page at 360 px.
 */
const inside = { position: 'relative' } as const;

/**
 * A transaction's receipt: Kinfolio's own (a PDF svc-billing makes, `/api/v1/…/receipt`) downloads; the payment
 * provider's hosted receipt (Stripe) opens in a new tab. '—' for a failed payment, which has none.
 */
export function ReceiptLink({ url, when }: { url: string | null; when: string }) {
  if (!url) return <>—</>;
  if (url.startsWith('/api/v1/'))
    return (
      <a href={url} download style={inside}>
        Receipt
        <span className="kf-visually-hidden"> for {when} (PDF download)</span>
      </a>
    );
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" style={inside}>
      Receipt
      <span className="kf-visually-hidden"> for {when} (opens in a new tab)</span>
    </a>
  );
}
