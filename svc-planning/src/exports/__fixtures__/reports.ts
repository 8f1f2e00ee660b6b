import { deflateSync } from 'node:zlib';
import { numberText } from '../format';
import type { Cell, Chart, Column, Report, Section } from '../report';

/**
 * Deterministic sample reports for the renderers' tests (no database, no clock): the same figures every run, so a
 * rendered file can be compared with a stored one.
 */

const money = (label: string): Column => ({ label, kind: 'money' });
const YEAR: Column = { label: 'Year', kind: 'year' };
const text = (label: string): Column => ({ label, kind: 'text' });
const START = 2026;
const YEARS = 45;
const years = Array.from({ length: YEARS }, (_, k) => START + k);
/** A smooth, fixed wiggle (no randomness): 0..1 from year index k and a phase. */
const wave = (k: number, phase: number) => 0.5 + 0.5 * Math.sin(k / 3 + phase);
const r2 = (v: number) => Math.round(v * 100) / 100;

/** A tiny PNG (a teal square with a lighter circle: a stand-in for the advisor's photo), made here without a library. */
export function samplePhoto(size = 48): Buffer {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - size / 2, y - size * 0.4);
      const inside = d < size * 0.22 || (y > size * 0.65 && Math.abs(x - size / 2) < size * 0.32);
      const o = y * (size * 3 + 1) + 1 + x * 3;
      raw[o] = inside ? 0xe6 : 0x2c;
      raw[o + 1] = inside ? 0xf2 : 0x7a;
      raw[o + 2] = inside ? 0xf2 : 0x7b;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(b: Buffer): number {
  let c = ~0;
  for (const byte of b) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function rowsChart(title: string, kind: Chart['kind'], rows: Cell[][], series: Array<[string, number]>): Chart {
  return {
    title,
    kind,
    categories: rows.map((r) => String(r[0])),
    series: series.map(([name, col]) => ({ name, values: rows.map((r) => r[col] as number) })),
  };
}

function sections(): Section[] {
  const cash = years.map((y, k) => {
    const income = r2(180000 * (k < 30 ? 1 + k * 0.03 : 0.35) + 12000 * wave(k, 0));
    const expenses = r2(120000 * (1 + k * 0.025) + 8000 * wave(k, 1));
    const net = r2(income - expenses);
    return [y, income, expenses, Math.max(net, 0), Math.max(-net, 0), net];
  });
  const nw = years.map((y, k) => {
    const cashV = r2(80000 + 4000 * k * wave(k, 2));
    const inv = r2(250000 * (1 + k * 0.06) * (k < 32 ? 1 : 0.7));
    const pen = r2(300000 + 18000 * Math.min(k, 30) - (k > 30 ? 25000 * (k - 30) : 0));
    const prop = r2(1200000 * 1.02 ** k);
    const ins = r2(20000 + 1500 * k);
    const loans = r2(Math.max(0, 650000 - 26000 * k));
    const assets = r2(cashV + inv + pen + prop + ins);
    const liabilities = loans;
    return [y, cashV, inv, pen, prop, ins, loans, assets, liabilities, r2(assets - liabilities), 0];
  });
  const cover = [
    ['Tan Wei Ming', 'Life', 800000, 1200000, 400000, 65, 'Advisor'],
    ['Tan Wei Ming', 'Critical illness', 250000, 450000, 200000, 65, 'Threshold'],
    ['Lim Mei Ling', 'Life', 500000, 500000, 0, 70, 'Advisor'],
    ['Lim Mei Ling', 'Critical illness', 150000, 300000, 150000, 70, 'Threshold'],
    ['Tan Jia Hui', 'Life', 100000, null, null, 99, null],
  ] as Cell[][];
  const debt = years.slice(0, 26).map((y, k) => [y, r2(Math.max(0, 650000 - 26000 * k)), k < 25 ? 38400 : 0]);
  const goalsByYear = years.filter((_, k) => k % 4 === 1 || k === 30).map((y, k) => [y, r2(30000 + 9000 * k)]);
  const bands = years.map((y, k) => {
    const mid = 900000 * (1 + k * 0.05);
    const spread = 40000 * k * (1 + k / 30);
    return [y, r2(mid - 1.6 * spread), r2(mid - 0.7 * spread), r2(mid), r2(mid + 0.8 * spread), r2(mid + 1.9 * spread)];
  });
  const scen = years.map((y, k) => {
    const base = nw[k]?.[9] as number;
    return [y, base, r2(base * 0.92 - 5000 * k), cash[k]?.[5] as number, r2((cash[k]?.[5] as number) - 6000), 0, 0];
  });
  const pct = ['P10', 'P25', 'P50', 'P75', 'P90'];
  return [
    {
      id: 'summary',
      title: 'Summary',
      summary: [
        'The plan does not run out of money.',
        'The largest insurance gap: Tan Wei Ming, Life, SGD 400,000.',
        '1 debt; the last ends in 2050.',
      ],
      charts: [rowsChart('Net worth by year', 'line', nw, [['Net worth', 9]])],
      tables: [
        {
          title: 'Key figures',
          columns: [text('Figure'), money('Value')],
          rows: [
            ['Net worth today', nw[0]?.[9] as number],
            ['Net worth at retirement (2056)', nw[30]?.[9] as number],
            ['Money runs out', 'Never'],
            ['Probability of success', '87.5% of 1000 trials'],
          ],
        },
        {
          title: 'Largest insurance gaps',
          columns: [text('Member'), text('Cover'), money('Gap')],
          rows: [
            ['Tan Wei Ming', 'Life', 400000],
            ['Tan Wei Ming', 'Critical illness', 200000],
            ['Lim Mei Ling', 'Critical illness', 150000],
          ],
        },
      ],
    },
    {
      id: 'cashflow',
      title: 'Cash flow',
      summary: ['Incomes and expenses by year, in the plan’s currency.'],
      charts: [
        rowsChart('Incomes and expenses by year', 'multi_bar', cash, [
          ['Incomes', 1],
          ['Expenses', 2],
        ]),
        rowsChart('Net cash flow by year', 'bar', cash, [['Net cash flow', 5]]),
      ],
      tables: [
        {
          title: 'Cash flow by year',
          columns: [
            YEAR,
            money('Incomes'),
            money('Expenses'),
            money('Surplus'),
            money('Shortfall'),
            money('Net cash flow'),
          ],
          rows: cash,
          totals: {
            label: 'Total',
            values: {
              1: r2(cash.reduce((a, r) => a + (r[1] as number), 0)),
              2: r2(cash.reduce((a, r) => a + (r[2] as number), 0)),
            },
          },
        },
      ],
    },
    {
      id: 'networth',
      title: 'Net worth',
      summary: [`Net worth in ${START}: SGD ${numberText(nw[0]?.[9] as number, 'en-SG')}.`],
      charts: [
        rowsChart('Net worth by year', 'line', nw, [
          ['Total assets', 7],
          ['Total liabilities', 8],
          ['Net worth', 9],
        ]),
        {
          title: `Assets by class in ${START}`,
          kind: 'bar',
          categories: ['Cash', 'Investments', 'Pensions', 'Properties', 'Insurance'],
          series: [{ name: 'Value', values: [1, 2, 3, 4, 5].map((k) => nw[0]?.[k] as number) }],
        },
      ],
      tables: [
        {
          title: 'Net worth by year and asset class',
          columns: [
            YEAR,
            money('Cash'),
            money('Investments'),
            money('Pensions'),
            money('Properties'),
            money('Insurance'),
            money('Loans'),
            money('Total assets'),
            money('Total liabilities'),
            money('Net worth'),
            money('Shortfall'),
          ],
          rows: nw,
        },
      ],
    },
    {
      id: 'insurance',
      title: 'Insurance',
      summary: ['Cover, targets and gaps by member and benefit.'],
      charts: [
        {
          title: 'Coverage, target and gap by member and benefit',
          kind: 'multi_bar',
          categories: cover.map((r) => `${r[0]}: ${r[1]}`),
          series: [
            { name: 'Cover', values: cover.map((r) => (r[2] as number) ?? 0) },
            { name: 'Target', values: cover.map((r) => (r[3] as number) ?? 0) },
            { name: 'Gap', values: cover.map((r) => (r[4] as number) ?? 0) },
          ],
        },
      ],
      tables: [
        {
          title: 'Coverage by member and benefit',
          columns: [
            text('Member'),
            text('Benefit'),
            money('Cover'),
            money('Target'),
            money('Gap'),
            { label: 'Until age', kind: 'number' },
            text('Target from'),
          ],
          rows: cover,
          totals: { label: 'Total', values: { 2: 1800000, 3: 2450000, 4: 750000 } },
        },
      ],
    },
    {
      id: 'funds',
      title: 'Funds and pensions',
      summary: ['Funds and provident-fund accounts.'],
      charts: [
        {
          title: 'Funds by asset class',
          kind: 'bar',
          categories: ['Cash', 'Equities', 'Bonds', 'Mixed'],
          series: [{ name: 'Value', values: [80000, 160000, 60000, 30000] }],
        },
      ],
      tables: [
        {
          title: 'Funds by asset class',
          columns: [text('Asset class'), money('Value')],
          rows: [
            ['Cash', 80000],
            ['Equities', 160000],
            ['Bonds', 60000],
            ['Mixed', 30000],
          ],
          totals: { label: 'Total', values: { 1: 330000 } },
        },
      ],
    },
    {
      id: 'debt',
      title: 'Debts',
      summary: ['1 loan.'],
      charts: [
        rowsChart('Debt balance and payments by year', 'multi_bar', debt, [
          ['Balance', 1],
          ['Payments', 2],
        ]),
      ],
      tables: [{ title: 'Debt by year', columns: [YEAR, money('Balance'), money('Payments')], rows: debt }],
    },
    {
      id: 'property',
      title: 'Property',
      summary: ['1 property.'],
      charts: [],
      tables: [
        {
          title: 'Properties',
          columns: [
            text('Property'),
            money('Value'),
            money('Loan'),
            money('Equity'),
            { label: 'Sale year', kind: 'year' },
          ],
          rows: [['Home in Bishan', 1200000, 650000, 550000, null]],
        },
      ],
    },
    {
      id: 'goals',
      title: 'Goals',
      summary: ['3 goals; the plan pays for them in the years below.'],
      charts: [rowsChart('Goals paid by year', 'bar', goalsByYear, [['Goals', 1]])],
      tables: [
        {
          title: 'Goals',
          columns: [
            text('Goal'),
            text('For'),
            { label: 'From', kind: 'year' },
            { label: 'To', kind: 'year' },
            money('Amount'),
          ],
          rows: [
            ['Education', 'Tan Jia Hui', 2034, 2037, 60000],
            ['Car', 'Household', 2030, 2030, 120000],
            ['Retirement', 'Tan Wei Ming', 2056, 2070, 72000],
          ],
        },
        { title: 'Goals paid by year', columns: [YEAR, money('Goals')], rows: goalsByYear },
      ],
    },
    {
      id: 'scenario',
      title: 'Scenario and Monte Carlo',
      summary: [
        'Current plan: money never runs out.',
        'Scenario: money never runs out.',
        'Probability of success: 87.5% over 1000 trials.',
      ],
      charts: [
        rowsChart('Net worth: current plan vs scenario', 'multi_bar', scen, [
          ['Current plan', 1],
          ['Scenario', 2],
        ]),
        rowsChart(
          'Monte Carlo: net worth by percentile',
          'fan',
          bands,
          pct.map((p, k) => [p, k + 1]),
        ),
      ],
      tables: [
        {
          title: 'Summary',
          columns: [text('Figure'), money('Current plan'), money('Scenario')],
          rows: [
            ['Money runs out', 'Never', 'Never'],
            ['Final net worth', scen[YEARS - 1]?.[1] as number, scen[YEARS - 1]?.[2] as number],
          ],
        },
        {
          title: 'Monte Carlo: net worth by percentile',
          columns: [YEAR, ...pct.map((p) => money(p))],
          rows: bands,
        },
      ],
    },
    {
      id: 'appendix',
      title: 'Appendix: assumptions and rate tables',
      summary: [
        'The assumptions the projection ran on, and the rate tables its figures were computed with: each version, the years it is in force and where its figures come from.',
      ],
      charts: [],
      tables: [
        {
          title: 'Assumptions',
          columns: [text('Assumption'), text('Value'), text('Set by')],
          rows: [
            ['Inflation', '3%', 'Default'],
            ['Growth of cash', '1%', 'Household'],
            ['Cost of borrowing a shortfall', '6%', 'Default'],
            ['Growth of investments without a rate of their own', '5%', 'Default'],
          ],
        },
        {
          title: 'Rate tables used',
          columns: [text('Table'), { label: 'From', kind: 'year' }, text('To'), text('Publisher'), text('Document')],
          rows: [
            ['Singapore income tax', 2024, 'onwards', 'IRAS', 'Individual income tax rates'],
            ['CPF contribution rates', 2025, 'onwards', 'CPF Board', 'Contribution rates from 1 January 2025'],
          ],
        },
      ],
    },
  ];
}

/**
 * A client plan of a fixed household (SGD, en-SG): the cover with the advisor's photo, e-mail and phone, and every
 * section kind the plan has (summary, cash flow, net worth, insurance, funds, debts, property, goals, scenario with
 * its fan chart, appendix), every chart kind (bar, multi_bar, line, fan) and tables long enough to run over pages.
 */
export function sampleClientPlan(): Report {
  return {
    kind: 'client-plan',
    title: 'Client plan',
    household: 'Tan family',
    currency: 'SGD',
    as_of: '2026-11-28',
    generated_at: '2026-11-28T02:00:00.000Z',
    branding: {
      advisor_name: 'Jane Lim',
      designation: 'Certified Financial Planner',
      email: 'jane.lim@example.com',
      phone: '+65 6123 4567',
      photo: { data: samplePhoto(), type: 'png' },
    },
    sections: sections(),
    tables: [],
    locale: 'en-SG',
    lang: 'en-SG',
  };
}

/** A plain financial report (no cover; RM, ms-MY) of the same figures, without the plan's own sections. */
export function sampleFinancialReport(): Report {
  const keep = new Set(['cashflow', 'insurance', 'funds', 'debt', 'property']);
  return {
    ...sampleClientPlan(),
    kind: 'report',
    title: 'Financial report',
    currency: 'RM',
    branding: { advisor_name: 'Ahmad Razak', designation: null },
    sections: sections().filter((s) => keep.has(s.id)),
    locale: 'ms-MY',
    lang: 'en-MY',
  };
}
