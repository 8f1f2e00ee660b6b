import { csvCell, csvLine, majorUnits } from './csv';

describe('CSV cells', () => {
  it('quotes fields with a comma, quote or line break, doubling quotes (RFC 4180)', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere'])).toBe(
      'plain,"a,b","say ""hi""","two\nlines","cr\rhere"\r\n',
    );
  });

  it('guards text that a spreadsheet would run as a formula with a leading apostrophe', () => {
    expect(['=1+1', '+61 400', '-2', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+61 400",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
    ]);
    // quoted after guarding when it also needs quotes
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    // only at the start; numbers we write are left alone; empty for nothing
    expect([csvCell('a=b'), csvCell(12), csvCell(null), csvCell(undefined), csvCell(false)]).toEqual([
      'a=b',
      '12',
      '',
      '',
      'false',
    ]);
  });

  it('writes minor units as major units with two decimals, without float rounding', () => {
    expect([0, 5, 99, 4900, 159000, 123456789, 1005].map(majorUnits)).toEqual([
      '0.00',
      '0.05',
      '0.99',
      '49.00',
      '1590.00',
      '1234567.89',
      '10.05',
    ]);
  });
});
