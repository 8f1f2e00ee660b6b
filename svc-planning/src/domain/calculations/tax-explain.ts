import type { Explainer, RecordRef, RulePart, TableRef } from './explain';
import * as projectionExplainModule from './projection-explain';
import type { MyReliefItems, MyReliefRecorder, MyTaxVersion } from './tables/tax-my';
import type { SgReliefItems, SgReliefRecorder, SgTaxVersion } from './tables/tax-sg';
import * as versionedModule from './tables/versioned';
import type { TaxPayableItems, TaxPayableRecorder } from './tax';
// Imported names read once (docs/planning-model.md, "How the projection is computed").
const { seriesLabel, sumRule } = projectionExplainModule;
const { sourceText } = versionedModule;

const m = (value: number): RulePart => ({ value, unit: 'money' });
const yr = (value: number): RulePart => ({ value, unit: 'year' });

/**
 * The income tax's steps (issue 34, docs/decisions/explanations-h1.md). The projection's yearTax tells this recorder,
 * when it explains, the member it taxes (its employment income, its employee contributions, its spouse's income, the
 * children it claims); sgReliefs/myReliefs and sgTaxPayable/myTaxPayable tell it each relief, the bands' tax and the
 * rebate they computed; yearTax then the year's total. Ids: `tax:<year>:<memberId>:<what>` (the year the tax is paid),
 * `tbl:sgIncomeTax|myIncomeTax:<fromYear>:<key>` for the table's reliefs and rebates, `flow:<year>:tax` for the year.
 */
export class TaxExplain implements SgReliefRecorder, MyReliefRecorder, TaxPayableRecorder {
  // the member being taxed (set by member())
  private t = 0;
  private u = 0;
  private i = 0;
  private earned = 0;
  private employee = 0;
  private spouseIncome: number | null = null;
  private income = '';
  private reliefs = '';
  private taxes: string[] = [];

  constructor(
    private readonly ex: Explainer,
    private readonly y0: number,
    private readonly n: number,
    private readonly country: 'SG' | 'MY',
    private readonly memberIds: readonly string[],
    private readonly who: (i: number) => string,
    /** The employment incomes' amount ids by member and year (i·n + t), as the incomes' explanation recorded them. */
    private readonly taxable: ReadonlyArray<string[] | undefined>,
    private readonly partner: Int32Array,
    private readonly dependants: readonly RecordRef[],
    private readonly firstYearPart: number,
  ) {}

  private get year(): number {
    return this.y0 + this.t;
  }
  private get incomeYear(): number {
    return this.y0 + this.u;
  }
  private id(what: string): string {
    return `tax:${this.year}:${this.memberIds[this.i]}:${what}`;
  }
  private table(v: SgTaxVersion | MyTaxVersion): TableRef {
    const sg = this.country === 'SG';
    return {
      name: sg ? 'sgIncomeTax' : 'myIncomeTax',
      version: v.fromYear,
      year: sg ? this.year : this.incomeYear,
      source: sourceText(v.source),
    };
  }
  /** A figure of the table's version (a leaf citing it). */
  private tbl(
    v: SgTaxVersion | MyTaxVersion,
    key: string,
    value: number,
    label: string,
    unit: 'money' | 'percent' = 'money',
  ): string {
    const name = this.country === 'SG' ? 'sgIncomeTax' : 'myIncomeTax';
    const id = `tbl:${name}:${v.fromYear}:${key}`;
    if (!this.ex.has(id))
      this.ex.add(id, value, { op: 'input' }, [], {
        label: `${label} (YA ${v.fromYear}${v.toYear ? `–${v.toYear}` : ' on'})`,
        unit,
        table: this.table(v),
        rule: [label, ': ', { value, unit }],
      });
    return id;
  }
  /** A figure another part of the engine records (the pension code: employee contributions); a leaf until it does. */
  private figure(id: string, value: number, label: string): string {
    if (!this.ex.has(id)) this.ex.add(id, value, { op: 'input' }, [], { label, leaf: 'engine' });
    return id;
  }
  /** The words that say which year's income the tax is on. */
  private whose(): RulePart[] {
    if (this.country === 'MY') return ['Malaysia taxes the income of the year itself (YA ', yr(this.year), ')'];
    if (this.t > 0)
      return [
        'Singapore taxes a year’s income in the next year: the tax paid in ',
        yr(this.year),
        ' (YA ',
        yr(this.year),
        ') is on the income of ',
        yr(this.incomeYear),
      ];
    return [
      'Singapore taxes a year’s income in the next year: the tax paid in ',
      yr(this.year),
      ' (YA ',
      yr(this.year),
      ') is on the income of ',
      yr(this.year - 1),
      ', taken to be that of ',
      yr(this.year),
    ];
  }

  /** yearTax starts taxing member i in year t on the income of year u. */
  member(t: number, u: number, i: number, earned: number, employee: number, spouseIncome: number | null): void {
    this.t = t;
    this.u = u;
    this.i = i;
    this.earned = earned;
    this.employee = employee;
    this.spouseIncome = spouseIncome;
    const parts: Array<[string, 1]> = (this.taxable[i * this.n + u] ?? []).map((x) => [x, 1]);
    this.income = this.id('income');
    this.ex.sum(this.income, earned, parts, {
      label: `Employment income of ${this.who(i)} taxed in ${this.year}`,
      rule: [...sumRule(this.ex, parts), '. ', ...this.whose()],
    });
  }

  /** The children a member claims (a count of the household's dependants). */
  private children(count: number, toAge: number): string {
    const id = this.id('children');
    this.ex.add(id, count, { op: 'input' }, [], {
      label: `Children ${this.who(this.i)} claims for, ${this.year}`,
      unit: 'count',
      records: this.dependants.map((d) => ({ ...d })),
      rule: [
        'children born by ',
        yr(this.incomeYear),
        ' and aged up to ',
        { value: toAge, unit: 'age' },
        ', claimed by the parent earning most: ',
        { value: count, unit: 'count' },
      ],
    });
    return id;
  }

  private employeeId(): string {
    return this.figure(
      `flow:${this.incomeYear}:employee:${this.memberIds[this.i]}`,
      this.employee,
      `Employee contributions of ${this.who(this.i)}, ${this.incomeYear}`,
    );
  }

  private spouseRule(limit: RulePart[]): RulePart[] {
    const j = this.partner[this.i] as number;
    return [
      'spouse relief: ',
      j >= 0 ? this.who(j) : 'the spouse',
      ' earned ',
      m(this.spouseIncome ?? 0),
      ' in ',
      yr(this.incomeYear),
      ...limit,
    ];
  }

  sgReliefs(v: SgTaxVersion, r: SgReliefItems): void {
    const { ex } = this;
    const parts: Array<[string, 1]> = [];
    const band = r.band.toAge === null ? 'older' : `to_${r.band.toAge}`;
    const eirTable = this.tbl(
      v,
      `earned_income:${band}`,
      r.band.amount,
      `Earned income relief, ${r.band.toAge === null ? 'older ages' : `ages up to ${r.band.toAge}`}`,
    );
    const eir = this.id('relief:earned_income');
    ex.add(eir, r.eir, { op: 'min' }, [this.income, eirTable], {
      label: `Earned income relief, ${this.year}`,
      rule: [
        m(r.band.amount),
        ` at age `,
        { value: r.age, unit: 'age' },
        ' (at the end of ',
        yr(this.incomeYear),
        '), at most the income',
      ],
    });
    parts.push([eir, 1]);
    if (r.cpf > 0) {
      const cpf = this.id('relief:cpf');
      ex.add(cpf, r.cpf, { op: 'sum' }, [this.employeeId()], {
        label: `CPF relief, ${this.year}`,
        rule: ['the employee’s compulsory CPF contributions of ', yr(this.incomeYear), ': ', m(r.cpf)],
      });
      parts.push([cpf, 1]);
    }
    if (r.spouse > 0) {
      const sp = this.id('relief:spouse');
      ex.add(sp, r.spouse, { op: 'sum' }, [this.tbl(v, 'spouse', v.spouse, 'Spouse relief')], {
        label: `Spouse relief, ${this.year}`,
        rule: this.spouseRule([', at most the limit of ', m(v.spouseIncomeLimit)]),
      });
      parts.push([sp, 1]);
    }
    if (r.children > 0) {
      const ch = this.id('relief:children');
      ex.add(
        ch,
        v.child * r.children,
        { op: 'product' },
        [this.tbl(v, 'child', v.child, 'Qualifying child relief, each child'), this.children(r.children, v.childToAge)],
        {
          label: `Qualifying child relief, ${this.year}`,
          rule: [{ value: r.children, unit: 'count' }, ' × ', m(v.child)],
        },
      );
      parts.push([ch, 1]);
    }
    const before = this.id('reliefs:before_cap');
    let sum = 0;
    for (const [p] of parts) sum += ex.get(p)?.value ?? 0; // the reliefs as sgReliefs added them
    ex.sum(before, sum, parts, { label: `Reliefs before the cap, ${this.year}`, rule: sumRule(ex, parts) });
    this.reliefs = this.id('reliefs');
    ex.add(
      this.reliefs,
      r.total,
      { op: 'min' },
      [before, this.tbl(v, 'relief_cap', v.reliefCap, 'Personal relief cap')],
      {
        label: `Reliefs of ${this.who(this.i)}, ${this.year}`,
        rule: [m(sum), ' of reliefs, at most the cap of ', m(v.reliefCap)],
      },
    );
  }

  myReliefs(v: MyTaxVersion, r: MyReliefItems): void {
    const { ex } = this;
    const parts: Array<[string, 1]> = [[this.tbl(v, 'individual', v.individual, 'Individual relief'), 1]];
    const epfLife: Array<[string, 1]> = [];
    if (r.epfPaid > 0) {
      const epf = this.id('relief:epf');
      ex.add(epf, r.epf, { op: 'min' }, [this.employeeId(), this.tbl(v, 'epf', v.epf, 'EPF relief cap')], {
        label: `EPF relief, ${this.year}`,
        rule: ['the employee’s EPF contributions ', m(r.epfPaid), ', at most ', m(v.epf)],
      });
      epfLife.push([epf, 1]);
    }
    if (r.lifePaid > 0) {
      const id = `flow:${this.incomeYear}:life_premiums:${this.memberIds[this.i]}`;
      const paid = this.figure(id, r.lifePaid, `Life insurance premiums of ${this.who(this.i)}, ${this.incomeYear}`);
      const life = this.id('relief:life');
      ex.add(life, r.life, { op: 'min' }, [paid, this.tbl(v, 'life', v.life, 'Life insurance relief cap')], {
        label: `Life insurance relief, ${this.year}`,
        rule: ['the life insurance premiums ', m(r.lifePaid), ', at most ', m(v.life)],
      });
      epfLife.push([life, 1]);
    }
    if (epfLife.length) {
      const before = this.id('relief:epf_life:before_cap');
      ex.sum(before, r.epf + r.life, epfLife, {
        label: `EPF and life insurance reliefs before their cap, ${this.year}`,
        rule: sumRule(ex, epfLife),
      });
      const both = this.id('relief:epf_life');
      ex.add(
        both,
        r.epfLife,
        { op: 'min' },
        [before, this.tbl(v, 'epf_and_life', v.epfAndLife, 'EPF and life insurance relief cap')],
        {
          label: `EPF and life insurance relief, ${this.year}`,
          rule: [m(r.epf + r.life), ', at most ', m(v.epfAndLife), ' together'],
        },
      );
      parts.push([both, 1]);
    }
    if (r.spouse > 0) {
      const sp = this.id('relief:spouse');
      ex.add(sp, r.spouse, { op: 'sum' }, [this.tbl(v, 'spouse', v.spouse, 'Spouse relief')], {
        label: `Spouse relief, ${this.year}`,
        rule: this.spouseRule([': a spouse without income']),
      });
      parts.push([sp, 1]);
    }
    if (r.children > 0) {
      const ch = this.id('relief:children');
      ex.add(
        ch,
        v.child * r.children,
        { op: 'product' },
        [this.tbl(v, 'child', v.child, 'Child relief, each child'), this.children(r.children, v.childToAge)],
        {
          label: `Child relief, ${this.year}`,
          rule: [{ value: r.children, unit: 'count' }, ' × ', m(v.child)],
        },
      );
      parts.push([ch, 1]);
    }
    this.reliefs = this.id('reliefs');
    ex.sum(this.reliefs, r.total, parts, {
      label: `Reliefs of ${this.who(this.i)}, ${this.year}`,
      rule: sumRule(ex, parts),
    });
  }

  payable(v: SgTaxVersion | MyTaxVersion, r: TaxPayableItems): void {
    const { ex } = this;
    const sg = this.country === 'SG';
    const ya = sg ? this.year : this.incomeYear;
    const chargeable = this.id('chargeable');
    const reliefs = ex.get(this.reliefs)?.value ?? 0;
    ex.sum(
      chargeable,
      r.chargeable,
      [
        [this.income, 1],
        [this.reliefs, -1],
      ],
      {
        label: `Chargeable income of ${this.who(this.i)}, ${this.year}`,
        rule: [m(this.earned), ' income − ', m(reliefs), ' reliefs'],
      },
    );
    const bandsRule: RulePart[] = [
      'bands of YA ',
      yr(ya),
      ' on ',
      m(r.chargeable),
      ' chargeable income (',
      m(this.earned),
      ' income − ',
      m(reliefs),
      ' reliefs)',
    ];
    if (sg) bandsRule.push('; ', ...this.whose());
    const taxId = this.id('tax');
    const label = `Income tax of ${this.who(this.i)}, ${this.year}`;
    const bands = { op: 'bands' as const, bands: v.bands.map((b) => ({ from: b.from, rate: b.rate })) };
    if (!r.rebateApplies) {
      ex.add(taxId, r.payable, bands, [chargeable], { label, rule: bandsRule, table: this.table(v) });
    } else {
      const gross = this.id('gross');
      ex.add(gross, r.tax, bands, [chargeable], {
        label: `Income tax before the rebate of ${this.who(this.i)}, ${this.year}`,
        rule: bandsRule,
        table: this.table(v),
      });
      const rebate = this.id('rebate');
      if (sg) {
        const s = v as SgTaxVersion;
        const share = this.id('rebate:share');
        ex.add(
          share,
          (r.tax * s.rebatePercent) / 100,
          { op: 'percent' },
          [gross, this.tbl(s, 'rebate_percent', s.rebatePercent, 'Personal Income Tax Rebate', 'percent')],
          {
            label: `Rebate share of the tax, ${this.year}`,
            rule: [{ value: s.rebatePercent, unit: 'percent' }, ' of ', m(r.tax)],
          },
        );
        ex.add(
          rebate,
          r.rebate,
          { op: 'min' },
          [share, this.tbl(s, 'rebate_cap', s.rebateCap, 'Personal Income Tax Rebate cap')],
          {
            label: `Personal Income Tax Rebate, ${this.year}`,
            rule: [{ value: s.rebatePercent, unit: 'percent' }, ' of the tax, at most ', m(s.rebateCap)],
          },
        );
        ex.add(taxId, r.payable, { op: 'sum', signs: [1, -1] }, [gross, rebate], {
          label,
          rule: [...bandsRule, ', less the rebate ', m(r.rebate)],
          table: this.table(v),
        });
      } else {
        const my = v as MyTaxVersion;
        const one = this.tbl(my, 'rebate', my.rebate, 'Tax rebate (chargeable income up to the limit)');
        ex.add(rebate, r.rebate, { op: 'sum' }, r.spouseWithoutIncome ? [one, one] : [one], {
          label: `Tax rebate, ${this.year}`,
          rule: [
            'the chargeable income ',
            m(r.chargeable),
            ' is at most ',
            m(my.rebateLimit),
            r.spouseWithoutIncome ? ': the rebate, and as much again for a spouse without income' : ': the rebate',
          ],
        });
        const after = this.id('after_rebate');
        ex.add(after, r.tax - r.rebate, { op: 'sum', signs: [1, -1] }, [gross, rebate], {
          label: `Income tax less the rebate, ${this.year}`,
          rule: [m(r.tax), ' − ', m(r.rebate)],
        });
        ex.add(taxId, r.payable, { op: 'floor0' }, [after], {
          label,
          rule: [...bandsRule, ', less the rebate ', m(r.rebate), ', not below 0'],
          table: this.table(v),
        });
      }
    }
    this.taxes.push(taxId);
  }

  /** The year's tax (yearTax's sum over the members), and `flow:<year>:tax` (its part after the as-of day in the first year). */
  total(t: number, tax: number): void {
    const { ex } = this;
    const year = this.y0 + t;
    const parts: Array<[string, 1]> = this.taxes.map((x) => [x, 1]);
    this.taxes = [];
    const rule: RulePart[] = parts.length ? sumRule(ex, parts) : ['no member has employment income to tax'];
    if (t > 0 || this.firstYearPart === 1) {
      ex.sum(`flow:${year}:tax`, tax, parts, { label: seriesLabel('tax', year), rule });
      return;
    }
    const whole = `tax:${year}:whole_year`;
    ex.sum(whole, tax, parts, { label: `Income tax for the whole of ${year}`, rule });
    ex.add(`flow:${year}:tax`, tax * this.firstYearPart, { op: 'product' }, [whole, `flow:${year}:part`], {
      label: seriesLabel('tax', year),
      rule: [
        m(tax),
        ' for the year × ',
        { value: this.firstYearPart, unit: 'factor' },
        ', the part of the year after the as-of day',
      ],
    });
  }
}

/** `flow:<year>:tax` of a household whose currency has no income tax modelled (a leaf: 0). */
export function noIncomeTax(ex: Explainer, year: number, currency: string): void {
  ex.add(`flow:${year}:tax`, 0, { op: 'input' }, [], {
    label: seriesLabel('tax', year),
    leaf: 'assumption',
    rule: [
      'Kinfolio models income tax for SGD (Singapore) and RM (Malaysia) households; a ',
      currency,
      ' household pays none here',
    ],
  });
}
