/** The on-boarding fact-find's answers and how they become a lead and its records (issue 11). */

export const STEPS = ['Profile', 'Family members', 'Incomes & expenses', 'Dreams & concerns', 'Review'] as const;
/** The expense categories asked for on-boarding: the everyday ones of the spec's twenty. */
export const EXPENSE_CHOICES = ['food', 'utility', 'transport', 'insurance', 'children', 'holiday'] as const;

export interface MetaItem {
  id: string;
  title: string;
  description: string | null;
  questions: string[];
}

export interface OnBoardingAnswers {
  profile: {
    name: string;
    email: string;
    phone: string;
    age: string;
    gender: string;
    marital_status: string;
    children_count: string;
    citizenship: string;
    currency: string;
  };
  /**
   * The people besides the visitor. Relation 'child' is a child: it goes to the household's children list (which
   * the profile shows and the projection's child reliefs read), not to the members; 'all' is other family.
   */
  members: Array<{ name: string; relation: string; gender: string; age: string }>;
  /** Gross income a month: index 0 is the customer, then each family member in order. */
  incomes: string[];
  expenses: Array<{ category: string; amount: string }>;
  dreams: string[];
  concerns: string[];
}

export const EMPTY_ANSWERS: OnBoardingAnswers = {
  profile: {
    name: '',
    email: '',
    phone: '',
    age: '',
    gender: 'male',
    marital_status: 'married',
    children_count: '',
    citizenship: 'citizen',
    currency: 'SGD',
  },
  members: [],
  incomes: [],
  expenses: [],
  dreams: [],
  concerns: [],
};

const num = (s: string | undefined): number | undefined => {
  const t = (s ?? '').trim();
  if (!t) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A child of the household: recorded as a child (the children list), not as a member. */
export const CHILD = 'child';
export const isChild = (m: { relation: string }) => m.relation === CHILD;

/**
 * The people the incomes step asks about, by their index in `incomes` (0 the visitor, i + 1 `members[i]`), with the
 * index of their member in the lead's `members` (children are not members and earn nothing here).
 */
export function earners(a: OnBoardingAnswers): Array<{ index: number; memberIndex: number; name: string }> {
  const out = [{ index: 0, memberIndex: 0, name: a.profile.name || 'You' }];
  let k = 0;
  a.members.forEach((m, i) => {
    if (isChild(m)) return;
    k += 1;
    out.push({ index: i + 1, memberIndex: k, name: m.name || `Family member ${i + 1}` });
  });
  return out;
}

/** What stops the step from going on (field → message), the same rules the API applies. */
export function validateStep(step: number, a: OnBoardingAnswers): Record<string, string> {
  const out: Record<string, string> = {};
  if (step === 0) {
    if (!a.profile.name.trim()) out.name = 'Enter name';
    if (a.profile.email.trim() && !EMAIL.test(a.profile.email.trim())) out.email = 'Enter a valid e-mail';
    const age = num(a.profile.age);
    if (age !== undefined && (age < 0 || age > 120)) out.age = 'Enter an age from 0 to 120';
  }
  if (step === 1)
    for (const [i, m] of a.members.entries()) {
      if (!m.name.trim()) out[`members.${i}.name`] = 'Enter name';
      // a child is recorded with an age (the children list needs a date of birth or an age)
      if (isChild(m) && num(m.age) === undefined) out[`members.${i}.age`] = "Enter the child's age";
    }
  return out;
}

/** POST leads: the profile (its me member) and the family members. */
export function buildLeadBody(a: OnBoardingAnswers, referral: string): Record<string, unknown> {
  const p = a.profile;
  const children = a.members.filter(isChild);
  const others = a.members.filter((m) => !isChild(m));
  // the count typed on the profile step, at least the children named on the family step
  const childrenCount = Math.max(num(p.children_count) ?? 0, children.length);
  const body: Record<string, unknown> = {
    name: p.name.trim(),
    gender: p.gender,
    marital_status: p.marital_status,
    citizenship: p.citizenship,
    currency: p.currency,
    children_count: childrenCount,
    dependencies: [
      ...(others.some((m) => m.relation === 'spouse') ? ['spouse'] : []),
      ...(childrenCount > 0 ? ['children'] : []),
    ],
  };
  if (p.email.trim()) body.email = p.email.trim();
  if (p.phone.trim()) body.phone = p.phone.trim();
  if (num(p.age) !== undefined) body.age = num(p.age);
  if (referral) body.referral_id = referral;
  if (others.length)
    body.members = others.map((m) => ({
      name: m.name.trim(),
      relation: m.relation,
      gender: m.gender,
      ...(num(m.age) !== undefined ? { age: num(m.age) } : {}),
    }));
  if (children.length)
    body.children = children.map((c) => ({
      ...(c.name.trim() ? { name: c.name.trim() } : {}),
      ...(num(c.age) !== undefined ? { age: num(c.age) } : {}),
    }));
  return body;
}

/**
 * The records that follow the lead: each person's monthly gross income (on their stored member, found by relation
 * and name), the household's monthly expenses, and the chosen dreams and concerns with their questions to answer.
 */
export function recordsFor(
  a: OnBoardingAnswers,
  stored: Array<{ id: string; relation: string; name: string }>,
  chosen: { dreams: MetaItem[]; concerns: MetaItem[] },
) {
  const currency = a.profile.currency;
  const memberFor = (i: number) => {
    if (i === 0) return stored.find((m) => m.relation === 'me');
    const wanted = a.members[i - 1];
    if (!wanted || isChild(wanted)) return undefined;
    return stored.find((m) => m.relation === wanted?.relation && m.name === wanted?.name.trim());
  };
  const incomes = a.incomes.flatMap((amount, i) => {
    const n = num(amount);
    const m = memberFor(i);
    return n !== undefined && n > 0 && m
      ? [{ member_id: m.id, kind: 'gross income', amount: n, currency, frequency: 'monthly' }]
      : [];
  });
  const expenses = a.expenses.flatMap((e) => {
    const n = num(e.amount);
    return n !== undefined && n > 0 ? [{ category: e.category, amount: n, currency, frequency: 'monthly' }] : [];
  });
  const qa = (m: MetaItem) => m.questions.map((q) => ({ question: q, answer: '' }));
  return {
    incomes,
    expenses,
    dreams: chosen.dreams.map((d) => ({ dream_id: d.id, title: d.title, question_answers: qa(d) })),
    concerns: chosen.concerns.map((c) => ({ concern_id: c.id, title: c.title, question_answers: qa(c) })),
  };
}

/** POST on-boarding/submit (a visitor, not signed in): the lead and its monthly figures, as numbers. */
export function submitBody(a: OnBoardingAnswers, advisorId: string, referral: string): Record<string, unknown> {
  const positive = (s: string | undefined) => {
    const n = num(s);
    return n !== undefined && n > 0 ? n : undefined;
  };
  return {
    advisor_id: advisorId,
    ...(referral ? { referral_id: referral } : {}),
    lead: buildLeadBody(a, ''),
    // member_index counts the lead's members (children are not among them)
    incomes: earners(a).flatMap((e) => {
      const amount = positive(a.incomes[e.index]);
      return amount === undefined ? [] : [{ member_index: e.memberIndex, amount }];
    }),
    expenses: a.expenses.flatMap((e) => {
      const amount = positive(e.amount);
      return amount === undefined ? [] : [{ category: e.category, amount }];
    }),
  };
}
