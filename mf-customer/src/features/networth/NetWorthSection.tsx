import type { planning } from '@kinfolio/contracts';
import { api, FormError, Skeleton, Table, TableHead, useResource } from '@kinfolio/ui-kit';
import type { z } from 'zod';
import { BarChart } from '../../shared/charts/BarChart';
import { GraphOrTable, money } from '../../shared/charts/charts';
import { useHousehold } from '../../shared/household/context';
import { TermNotes } from '../../shared/terms/report';
import { Card } from '../../shared/ui/layout';

type NetWorth = z.infer<typeof planning.NetWorthReply>;

/**
 * Financial report › Net Worth: the household's assets, liabilities and net worth by year, projected by the engine
 * from every stored record (GET customer/{id}/net-worth), as a graph or a table of the same figures.
 */
export default function NetWorthSection() {
  const { household, version } = useHousehold();
  const id = household?.id;
  const resource = useResource(id && ([id, version] as const), ([hid], signal) =>
    api.get<NetWorth>(`customer/${encodeURIComponent(hid)}/net-worth`, { signal }),
  );
  const { data } = resource;
  // a new load hides the last failure
  const error = resource.loading ? null : resource.error;

  const first = data?.years[0];
  return (
    <Card aria-labelledby="net-worth-title">
      <h2 id="net-worth-title">Net Worth</h2>
      {error ? <FormError>{error}</FormError> : null}
      {!data && !error ? <Skeleton rows={3} label="Loading the net worth" /> : null}
      {data && first ? (
        <>
          <p>
            End of {first.year}: assets {money(data.currency, first.total_assets)}, liabilities{' '}
            {money(data.currency, first.total_liabilities)}, net worth{' '}
            <strong>{money(data.currency, first.net_worth)}</strong>
          </p>
          <GraphOrTable
            label="Net worth by year"
            graph={
              <BarChart
                title="Assets, liabilities and net worth at each year end"
                currency={data.currency}
                kind="multi_bar"
                series={[
                  { key: 'assets', label: 'Total assets' },
                  { key: 'liabilities', label: 'Total liabilities' },
                  { key: 'net', label: 'Net worth' },
                ]}
                categories={data.years.map((y) => ({
                  label: String(y.year),
                  values: { assets: y.total_assets, liabilities: y.total_liabilities, net: y.net_worth },
                }))}
              />
            }
            table={
              <Table label="Net worth by year">
                <TableHead columns={['Year end', 'Total assets', 'Total liabilities', 'Net worth']} />
                <tbody>
                  {data.years.map((y) => (
                    <tr key={y.year}>
                      <th scope="row">{y.year}</th>
                      <td>{money(data.currency, y.total_assets)}</td>
                      <td>{money(data.currency, y.total_liabilities)}</td>
                      <td>{money(data.currency, y.net_worth)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            }
          />
          <TermNotes terms={['today', 'plan', 'shortfall']} />
        </>
      ) : null}
      {data && !first ? <p>There is nothing to project yet.</p> : null}
    </Card>
  );
}
