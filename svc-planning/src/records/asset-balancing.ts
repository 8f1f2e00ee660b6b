import type { Knex, ServiceContext } from '@kinfolio/service-kit';
import { fail } from '../insurance/kinds';
import type { HouseholdRow } from './access';
import { childIds, setAssetBalancing } from './children.repository';
import { touchHousehold } from './repository';

export interface AssetBalancing {
  /** The child table (insurance_funds, portfolio_fund_details) and the key its data names the parent by. */
  table: string;
  key: string;
  parentId: string;
  /** Checks the parent is the household's (and locks it) in the write's transaction. */
  parentIn: (trx: Knex) => Promise<unknown>;
  funds: ReadonlyArray<{ id: string; asset_balancing: number }>;
  /** "fund of this policy", "holding of this portfolio": what the 400 names. */
  what: string;
  /** The household.changed section. */
  section: string;
}

/**
 * Sets the allocations of every child of one parent (a policy's funds, a portfolio's holdings) at once: each child
 * listed once, no other, the allocations totalling 100 (else a 400 naming `funds`).
 */
export async function balanceAssets(ctx: ServiceContext, hh: HouseholdRow, a: AssetBalancing): Promise<void> {
  await ctx.tx(async (trx) => {
    await a.parentIn(trx);
    const listed = a.funds.map((f) => f.id);
    const all = new Set(await childIds(trx, a.table, hh, a.key, a.parentId));
    if (new Set(listed).size !== listed.length || listed.length !== all.size || listed.some((id) => !all.has(id)))
      fail([{ field: 'funds', message: `List every ${a.what} once` }]);
    const total = a.funds.reduce((sum, f) => sum + f.asset_balancing, 0);
    if (Math.abs(total - 100) > 1e-6)
      fail([
        { field: 'funds', message: `The allocations total ${Math.round(total * 1000) / 1000}; they must total 100` },
      ]);
    await setAssetBalancing(trx, a.table, hh, a.funds);
    await touchHousehold(trx, hh, a.section);
  });
}
