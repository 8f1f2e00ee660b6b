import type { billing } from '@kinfolio/contracts';
import type { Identity } from '@kinfolio/service-kit';
import * as repo from '../data/seller.repository';
import type { Billing } from './billing';

/**
 * The seller's details receipts carry (issue 35), set by an admin (the routes allow admins only). Each save is a new
 * version with who saved it and when; the receipt of a transaction prints the version in force when the transaction
 * was recorded, so invoices already issued never change.
 */
export const sellerView = (r: repo.SellerRow): billing.SellerDetails => ({
  business_name: r.business_name,
  address: r.address,
  registration_number: r.registration_number,
  tax_registered: r.tax_registered,
  tax_number: r.tax_registered ? r.tax_number : null,
  updated_at: r.changed_at.toISOString(),
  updated_by: r.changed_by,
});

export async function getSeller(b: Billing): Promise<billing.SellerDetails | null> {
  const r = await repo.currentSeller(b.ctx.db);
  return r ? sellerView(r) : null;
}

export async function setSeller(
  b: Billing,
  caller: Identity,
  body: billing.SellerDetailsBody,
): Promise<billing.SellerDetails> {
  const saved = await repo.addSellerVersion(b.ctx.db, {
    business_name: body.business_name,
    address: body.address,
    registration_number: body.registration_number,
    tax_registered: body.tax_registered,
    tax_number: body.tax_registered ? (body.tax_number ?? null) : null,
    changed_by: caller.userId,
  });
  b.ctx.logger.info({ sellerVersion: saved.id, by: caller.userId }, 'seller details changed');
  return sellerView(saved);
}
