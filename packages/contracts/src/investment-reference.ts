import { z } from 'zod';
import { CalendarDate, PageQuery, Timestamp } from './common';
import { CurrencyCode, DateStr } from './planning';
import { PlainText } from './validation';

/**
 * Investment reference data (issue 15, platform-shell §2.4 Investment, §7 "Admin"): investment companies and banks
 * (admin/investment/company, admin/investment/bank: GET, POST, PUT {id}, DELETE {id}), the fund list with prices and
 * asset-class split (investment-funds PATCH and DELETE {id}; the admin's paged list and a hand-added fund are ours,
 * docs/decisions/investment-reference.md), investment plans, and the fund price import (scrap-all-funds,
 * scraping-funds-status).
 */
const Uuid = z.string().uuid({ message: 'Use an id' });
const Name = PlainText(200).refine((v) => v.length > 0, 'Enter name');

// ---------------------------------------------------------------- companies and banks
export const ReferenceName = z.object({ id: Uuid, name: z.string(), created_at: Timestamp, updated_at: Timestamp });
export type ReferenceName = z.infer<typeof ReferenceName>;
export const ReferenceNameBody = z.strictObject({ name: Name });
export const ReferenceNamesQuery = z.object({ search: PlainText(100).optional() });
export const ReferenceNamesReply = z.object({ data: z.array(ReferenceName) });
export const ReferenceNameReply = z.object({ message: z.string(), data: ReferenceName });

// ---------------------------------------------------------------- investment plans
/** The kinds of investment plan (the spec names the page only; decision). */
export const INVESTMENT_PLAN_TYPES = [
  'Unit trust',
  'Investment-linked policy',
  'Discretionary portfolio',
  'Robo-advisor',
  'Brokerage account',
  'Other',
] as const;
export type InvestmentPlanTypeName = (typeof INVESTMENT_PLAN_TYPES)[number];
export const InvestmentPlanType = z.enum(INVESTMENT_PLAN_TYPES, { error: 'Choose a plan type' });
export const InvestmentPlan = z.object({
  id: Uuid,
  name: z.string(),
  company_id: Uuid,
  company_name: z.string(),
  type: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type InvestmentPlan = z.infer<typeof InvestmentPlan>;
export const InvestmentPlanBody = z.strictObject({
  name: Name,
  company_id: Uuid,
  type: InvestmentPlanType,
});
export const InvestmentPlansQuery = z.object({ company_id: Uuid.optional(), search: PlainText(100).optional() });
export const InvestmentPlansReply = z.object({ data: z.array(InvestmentPlan) });
export const InvestmentPlanReply = z.object({ message: z.string(), data: InvestmentPlan });

// ---------------------------------------------------------------- funds
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export const RiskLevel = z.enum(RISK_LEVELS, { error: 'Choose low, medium or high' });
const Share = z.number({ error: 'Enter a percentage' }).finite().min(0).max(100);
/** A fund's asset-class split in percent: equity, bond and others total 100. */
export const FundSplit = z
  .strictObject({ equity: Share, bond: Share, others: Share })
  .refine((s) => Math.abs(s.equity + s.bond + s.others - 100) < 1e-6, {
    message: 'Equity, bond and others must total 100',
  });
/** A price per unit, above 0 (up to 6 decimals are kept). */
export const FundPrice = z.number({ error: 'Enter a price' }).finite().gt(0, 'Enter a price above 0').max(1e9);

export const AdminFund = z.object({
  id: Uuid,
  /** The stable code the price feed names it by; null for a fund added by hand. */
  code: z.string().nullable(),
  name: z.string(),
  company: z.string(),
  currency: z.string(),
  risk_level: z.string(),
  price: z.number().nullable(),
  price_date: CalendarDate.nullable(),
  asset_class: z.object({ equity: z.number(), bond: z.number(), others: z.number() }),
  /** A fund of the bundled sample feed (made up, for trying Kinfolio out). */
  sample: z.boolean(),
  updated_at: Timestamp,
});
export type AdminFund = z.infer<typeof AdminFund>;
export const AdminFundsQuery = PageQuery.extend({
  search: PlainText(100).optional(),
  company: PlainText(200).optional(),
});
export const AdminFundsReply = z.object({
  data: z.object({
    rows: z.array(AdminFund),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});
export const FundCreateBody = z.strictObject({
  name: Name,
  company: PlainText(200).default(''),
  currency: CurrencyCode,
  risk_level: RiskLevel.default('medium'),
  price: FundPrice.optional(),
  price_date: DateStr.optional(),
  asset_class: FundSplit.default({ equity: 0, bond: 0, others: 100 }),
});
export const FundPatchBody = z
  .strictObject({
    name: Name.optional(),
    company: PlainText(200).optional(),
    currency: CurrencyCode.optional(),
    risk_level: RiskLevel.optional(),
    price: FundPrice.nullable().optional(),
    price_date: DateStr.nullable().optional(),
    asset_class: FundSplit.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change' });
export const AdminFundReply = z.object({ message: z.string(), data: AdminFund });

// ---------------------------------------------------------------- fund price import
export const FundImportFailure = z.object({
  /** The fund's feed code, or its line in the feed when it has none. */
  code: z.string(),
  name: z.string().nullable(),
  field: z.string(),
  message: z.string(),
});
export type FundImportFailure = z.infer<typeof FundImportFailure>;
export const FundImportRun = z.object({
  id: Uuid,
  state: z.enum(['running', 'done', 'failed']),
  trigger: z.enum(['demand', 'schedule']),
  source: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  failures: z.array(FundImportFailure),
  /** How often the run was picked up again after its service stopped mid-run. */
  resumed: z.number().int(),
  error: z.string().nullable(),
  started_at: Timestamp,
  finished_at: Timestamp.nullable(),
});
export type FundImportRun = z.infer<typeof FundImportRun>;
export const FundImportStatus = z.object({
  /** A price source is configured (embedded mode always has its bundled sample). */
  configured: z.boolean(),
  /** The source is the bundled sample feed: made-up funds, marked as samples (issue 31 item 8). */
  sample: z.boolean(),
  running: z.boolean(),
  /** The latest run, null before the first one. */
  run: FundImportRun.nullable(),
  /** Milliseconds between scheduled runs; 0: on demand only. */
  interval_ms: z.number().int(),
});
export type FundImportStatus = z.infer<typeof FundImportStatus>;
export const FundImportStatusReply = z.object({ data: FundImportStatus });
export const FundImportStartReply = z.object({ message: z.string(), data: FundImportStatus });
/** GET scrap-all-funds/preview: what "Import prices" would do, for the admin's confirmation (issue 31 item 8). */
export const FundImportPreview = z.object({
  configured: z.boolean(),
  sample: z.boolean(),
  /** The feed's URL, or the bundled sample feed; null when none is configured. */
  source: z.string().nullable(),
  /** How many funds the import adds to the list advisors pick from (the sample feed); null: known only once read. */
  new_funds: z.number().int().nullable(),
});
export type FundImportPreview = z.infer<typeof FundImportPreview>;
export const FundImportPreviewReply = z.object({ data: FundImportPreview });
export const FUND_IMPORT_STARTED = 'Fund price import started';
export const FUND_IMPORT_ALREADY_RUNNING = 'A fund price import is already running';
export const FUND_IMPORT_NOT_CONFIGURED = 'No fund price source is configured (FUND_FEED_URL)';
