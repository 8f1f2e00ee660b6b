import type { billing } from '@kinfolio/contracts';
import { type Identity, notFound } from '@kinfolio/service-kit';
import PDFDocument from 'pdfkit';
import * as repo from '../data/billing.repository';
import { sellerForTransaction } from '../data/seller.repository';
import type { Billing } from './billing';

/**
 * GET subscription-transactions/{id}/receipt: the receipt svc-billing makes for a charge or a refund (a PDF), for
 * either provider (with Stripe the history links Stripe's hosted invoice first; this one is the fallback and the
 * offline provider's only one). The owning advisor or an admin may read it; anyone else, a failed payment or an
 * unknown id is a 404 (never telling whether the id exists).
 */
export interface Receipt {
  filename: string;
  pdf: Buffer;
}

export interface ReceiptFacts {
  kind: 'charge' | 'refund';
  transactionId: string;
  date: Date;
  advisorName: string;
  advisorEmail: string | null;
  plan: string;
  interval: billing.PlanInterval | null;
  period: { start: Date; end: Date } | null;
  /** Minor units. */
  amount: number;
  currency: billing.Currency;
  card: string;
  description: string;
  /**
   * The seller's details in force when the transaction was recorded (issue 35); null for a transaction recorded
   * before an admin first set them: the receipt then names no seller details rather than today's.
   */
  seller: ReceiptSeller | null;
}

export interface ReceiptSeller {
  businessName: string;
  /** One entry a line. */
  addressLines: string[];
  registrationNumber: string;
  /** Only when the seller was tax registered. */
  taxNumber: string | null;
}

const TIME_ZONE = 'Asia/Singapore';
const day = (d: Date) =>
  d.toLocaleDateString('en-SG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE });

/** Minor units as '{currency} 1,590.00' (integers only: no float drift), as the screens show amounts. */
export function money(minor: number, currency: string): string {
  const abs = Math.abs(Math.trunc(minor));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${minor < 0 ? '-' : ''}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

export function cardText(brand: string | null, last4: string | null): string {
  if (!last4) return '—';
  const b = (brand ?? '').trim();
  return `${b ? b.charAt(0).toUpperCase() + b.slice(1) : 'Card'} ending ${last4}`;
}

const addInterval = (d: Date, interval: billing.PlanInterval) => {
  const out = new Date(d);
  if (interval === 'yearly') out.setUTCFullYear(out.getUTCFullYear() + 1);
  else out.setUTCMonth(out.getUTCMonth() + 1);
  return out;
};

/** What the receipt says, from the transaction (and its subscription, for rows recorded without a period). */
export async function receiptFacts(b: Billing, caller: Identity, id: string): Promise<ReceiptFacts> {
  const tx = await repo.findTransaction(b.ctx.db, id);
  const mine = tx && (caller.type === 'admin' || (caller.type === 'advisor' && tx.user_id === caller.userId));
  if (!tx || !mine || tx.kind === 'failure') throw notFound('Receipt not found');
  const seller = await sellerForTransaction(b.ctx.db, tx.id);
  const sub = tx.subscription_id ? (await repo.findSubscriptionsByIds(b.ctx.db, [tx.subscription_id]))[0] : undefined;
  let period: ReceiptFacts['period'] =
    tx.period_start && tx.period_end ? { start: tx.period_start, end: tx.period_end } : null;
  if (!period && sub && tx.kind === 'charge') {
    const t = tx.occurred_at.getTime();
    period =
      t >= sub.current_period_start.getTime() && t < sub.current_period_end.getTime()
        ? { start: sub.current_period_start, end: sub.current_period_end }
        : { start: tx.occurred_at, end: addInterval(tx.occurred_at, sub.interval) };
  }
  return {
    kind: tx.kind,
    transactionId: tx.id,
    date: tx.occurred_at,
    advisorName: tx.contact_name ?? tx.contact_email ?? 'Kinfolio advisor',
    advisorEmail: tx.contact_email,
    plan: tx.plan_name ?? '—',
    interval: sub?.interval ?? null,
    period,
    amount: tx.amount,
    currency: tx.currency,
    card: cardText(tx.card_brand, tx.card_last4),
    description: tx.description,
    seller: seller && {
      businessName: seller.business_name,
      addressLines: seller.address.split('\n').filter(Boolean),
      registrationNumber: seller.registration_number,
      taxNumber: seller.tax_registered ? seller.tax_number : null,
    },
  };
}

/** The receipt as a one-page A4 PDF (Helvetica, text, so it can be searched, copied and read back). */
export function renderReceipt(f: ReceiptFacts): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: {
        Title: `Kinfolio receipt ${f.transactionId}`,
        Author: f.seller?.businessName ?? 'Kinfolio',
        CreationDate: f.date,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    if (f.seller) sellerBlock(doc, f.seller);
    else doc.font('Helvetica-Bold').fontSize(20).text('Kinfolio');
    doc.moveDown(0.5);
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(f.kind === 'refund' ? 'Refund receipt' : 'Receipt');
    doc.moveDown();
    const rows: Array<[string, string]> = [
      [
        'Receipt for',
        f.advisorEmail && f.advisorEmail !== f.advisorName ? `${f.advisorName} (${f.advisorEmail})` : f.advisorName,
      ],
      ['Date', day(f.date)],
      ['Plan', f.interval ? `${f.plan} (${f.interval})` : f.plan],
      ['Period', f.period ? `${day(f.period.start)} to ${day(f.period.end)}` : '—'],
      ['Description', f.description],
      [f.kind === 'refund' ? 'Amount refunded' : 'Amount paid', money(f.amount, f.currency)],
      ['Currency', f.currency],
      ['Card', f.card],
      ['Transaction id', f.transactionId],
    ];
    for (const [label, value] of rows) {
      const y = doc.y;
      doc.font('Helvetica-Bold').fontSize(11).text(label, 56, y, { width: 130 });
      doc.font('Helvetica').fontSize(11).text(value, 196, y, { width: 340 });
      doc.moveDown(0.6);
    }
    doc.moveDown();
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#555555')
      .text('Dates are in Singapore and Malaysia time (UTC+8). Keep this receipt for your records.', 56);
    doc.end();
  });
}

/** The seller's block at the top: name, address, registration number, and the tax number only when registered. */
function sellerBlock(doc: PDFKit.PDFDocument, s: ReceiptSeller): void {
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#000000').text(s.businessName, { width: 480 });
  doc.font('Helvetica').fontSize(10);
  for (const line of s.addressLines) doc.text(line, { width: 480 });
  doc.moveDown(0.3);
  doc.text(`Registration no.: ${s.registrationNumber}`, { width: 480 });
  if (s.taxNumber) doc.text(`Tax registration no.: ${s.taxNumber}`, { width: 480 });
  doc.moveDown(0.5);
}

export async function receipt(b: Billing, caller: Identity, id: string): Promise<Receipt> {
  const facts = await receiptFacts(b, caller, id);
  return { filename: `kinfolio-receipt-${facts.transactionId.slice(0, 8)}.pdf`, pdf: await renderReceipt(facts) };
}
