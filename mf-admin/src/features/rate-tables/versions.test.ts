import { ApiError } from '@kinfolio/ui-kit';
import { rateTablesErrorMessage, rateTablesFieldErrors } from './api';
import {
  checkDraft,
  columnsOf,
  draftFrom,
  figureLabel,
  figureText,
  originText,
  periodText,
  type VersionDraft,
} from './versions';

const source = {
  publisher: 'KWSP (EPF)',
  title: 'Dividend for 2024',
  url: 'https://www.kwsp.gov.my/en/others/resource-centre/dividend',
};
const v = (from_year: number, to_year: number | null, figures: Record<string, unknown> = { rate: 6.3 }) => ({
  kind: 'epfDividend' as const,
  name: `epfDividend@${from_year}`,
  from_year,
  to_year,
  source,
  figures,
  origin: 'built_in' as const,
  created_by: null,
  created_at: null,
});
const draft = (over: Partial<VersionDraft> = {}): VersionDraft => ({
  fromYear: '2027',
  toYear: '',
  publisher: 'CPF Board',
  title: 'CPF contribution rates from 1 January 2027',
  url: 'https://www.cpf.gov.sg/employer/employer-obligations/how-much-cpf-contributions-to-pay',
  figures: '{"rate": 5.5}',
  ...over,
});

describe('a version as the back office words it', () => {
  it('names the period with its last year, or "onward" when it runs until the next version', () => {
    expect(periodText({ from_year: 2025, to_year: 2025 })).toBe('2025 – 2025');
    expect(periodText({ from_year: 2024, to_year: 2026 })).toBe('2024 – 2026');
    expect(periodText({ from_year: 2026, to_year: null })).toBe('2026 onward');
  });
  it('says where it came from: built in, or who added it and when (the day in Singapore)', () => {
    expect(originText({ origin: 'built_in', created_by: null, created_at: null })).toBe('Built in');
    // 2026-11-27T17:30Z is 28 Nov 01:30 in Singapore (the tests run in Asia/Singapore, en-SG)
    expect(
      originText({
        origin: 'admin',
        created_by: { id: 'u1', name: 'Aisha Rahman' },
        created_at: '2026-11-27T17:30:00Z',
      }),
    ).toBe('Added by Aisha Rahman on 28 Nov 2026');
    expect(originText({ origin: 'admin', created_by: null, created_at: null })).toBe('Added');
  });
});

describe('the add-version form', () => {
  it('starts the year after the newest period (after its first year when open-ended), with its publisher and figures', () => {
    const open = draftFrom({ versions: [v(2023, 2023), v(2024, null, { rate: 6.3, nested: { a: [1] } })] });
    expect(open).toEqual({
      fromYear: '2025',
      toYear: '',
      publisher: 'KWSP (EPF)',
      title: '',
      url: '',
      figures: JSON.stringify({ rate: 6.3, nested: { a: [1] } }, null, 2),
    });
    expect(draftFrom({ versions: [v(2024, 2026)] }).fromYear).toBe('2027');
    expect(draftFrom({ versions: [] })).toEqual({
      fromYear: '',
      toYear: '',
      publisher: '',
      title: '',
      url: '',
      figures: '{}',
    });
  });

  it('sends from_year, the source and the figures, and to_year only when given', () => {
    expect(checkDraft(draft(), v(2026, null))).toEqual({
      errors: {},
      body: {
        from_year: 2027,
        source: {
          publisher: 'CPF Board',
          title: 'CPF contribution rates from 1 January 2027',
          url: 'https://www.cpf.gov.sg/employer/employer-obligations/how-much-cpf-contributions-to-pay',
        },
        figures: { rate: 5.5 },
      },
    });
    expect(checkDraft(draft({ toYear: '2027', title: '  spaced  ' }), v(2026, null)).body).toMatchObject({
      from_year: 2027,
      to_year: 2027,
      source: { title: 'spaced' },
    });
  });

  it('refuses what the form can know is wrong, naming each field', () => {
    const { errors, body } = checkDraft(
      draft({ fromYear: '1989', toYear: '22', publisher: ' ', title: '', url: 'ftp://x', figures: '' }),
      null,
    );
    expect(body).toBeNull();
    expect(errors).toEqual({
      fromYear: 'Enter a year from 1990 to 2200.',
      toYear: 'Enter a year from 1990 to 2200.',
      publisher: 'Enter the body that publishes the figures.',
      title: "Enter the document's title.",
      url: "Enter the document's address, starting with https://.",
      figures: 'Enter the figures as one JSON object.',
    });
    expect(checkDraft(draft({ fromYear: '2026' }), v(2026, null)).errors).toEqual({
      fromYear:
        'A new version starts after 2026, the first year of the newest version (epfDividend@2026): a past version is never changed.',
    });
    expect(checkDraft(draft({ fromYear: '2030', toYear: '2029' }), v(2026, null)).errors).toEqual({
      toYear: 'The last year cannot be before the first year.',
    });
    expect(checkDraft(draft({ figures: 'null' }), null).errors.figures).toBe(
      'The figures must be one JSON object ({ … }), like the newest version’s.',
    );
    expect(checkDraft(draft({ figures: '{"rate": 5.5,}' }), null).errors.figures).toMatch(
      /^The figures are not valid JSON: /,
    );
  });
});

describe('figures shown generically', () => {
  it('labels camelCase keys as words, with the schemes’ acronyms in capitals', () => {
    expect(
      [
        'toAge',
        'owCeiling',
        'annualCeiling',
        'brs',
        'lifeBasicPremiumShare',
        'first55',
        'employee60',
        'oa',
        'upToYear',
        'max_months',
      ].map(figureLabel),
    ).toEqual([
      'To age',
      'OW ceiling',
      'Annual ceiling',
      'BRS',
      'Life basic premium share',
      'First 55',
      'Employee 60',
      'OA',
      'Up to year',
      'Max months',
    ]);
  });
  it('formats numbers as the spec shows them (grouped, up to 4 decimals), a year ungrouped, an open bound as —', () => {
    expect(figureText(102_000)).toBe('102,000');
    expect(figureText(0.15)).toBe('0.15');
    expect(figureText(1 / 3)).toBe('0.3333');
    expect(figureText(2027, 'fromYear')).toBe('2027');
    expect(figureText(null)).toBe('—');
    expect(figureText(true)).toBe('Yes');
    expect(figureText([1_000, 2.5])).toBe('1,000, 2.5');
    expect(figureText([])).toBe('none');
  });
  it('takes a band list’s columns from every row, in the order they first appear', () => {
    expect(
      columnsOf([
        { toAge: 55, oa: 23 },
        { toAge: null, oa: 1, note: 'x' },
      ]),
    ).toEqual(['toAge', 'oa', 'note']);
  });
});

describe('a failed call’s message', () => {
  it('prefers a refusal’s whole message (it names the figure) over its first field note, and reads { error: { message } }', () => {
    const refusal = new ApiError(400, {
      message: 'figures.rates[1].employer must not be negative (it is -1).',
      errors: [{ 'figures.rates.1.employer': ['must not be negative'] }, { from_year: ['Use a whole year'] }],
    });
    expect(rateTablesErrorMessage(refusal)).toBe('figures.rates[1].employer must not be negative (it is -1).');
    expect(rateTablesFieldErrors(refusal)).toEqual({ fromYear: 'Use a whole year' });
    expect(
      rateTablesErrorMessage(new ApiError(404, { error: { code: 'not_found', message: 'No rate table named cpx' } })),
    ).toBe('No rate table named cpx');
    expect(rateTablesErrorMessage(new ApiError(403, { message: 'You do not have access to this resource' }))).toBe(
      'You do not have access to this resource',
    );
    expect(rateTablesErrorMessage(new ApiError(500, {}))).toBe('Something went wrong');
  });
});
