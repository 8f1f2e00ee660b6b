import {
  api,
  Button,
  EmailInput,
  errorMessage,
  FloatInput,
  FormError,
  NumberInput,
  Select,
  TextInput,
  useSession,
} from '@kinfolio/ui-kit';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { AuthCard } from '../AuthCard';
import {
  buildLeadBody,
  CHILD,
  EMPTY_ANSWERS,
  EXPENSE_CHOICES,
  earners,
  isChild,
  type MetaItem,
  type OnBoardingAnswers,
  recordsFor,
  STEPS,
  submitBody,
  validateStep,
} from './answers';

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 16px;
  padding: 0;
  margin: 0 0 16px;
  list-style: none;
  font-size: 0.9rem;
  li {
    color: #5a6b6b;
  }
  li[aria-current='step'] {
    color: #1f6f6d;
    font-weight: 700;
  }
`;
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 0 16px;
`;
const Member = styled.fieldset`
  border: 1px solid #e3eaea;
  border-radius: 8px;
  padding: 8px 12px;
  margin: 0 0 12px;
  legend {
    font-weight: 600;
  }
`;
const Nav = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  margin-top: 16px;
`;
const Checks = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 12px;
  legend {
    font-weight: 600;
    margin-bottom: 6px;
  }
  label {
    display: block;
    margin: 4px 0;
  }
`;

const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];
const MARITAL = ['married', 'single', 'divorced', 'widowed'].map((v) => ({
  value: v,
  label: v[0]?.toUpperCase() + v.slice(1),
}));
const CITIZENSHIP = [
  { value: 'citizen', label: 'Citizen' },
  { value: 'pr', label: 'Permanent resident' },
  { value: 'foreigner', label: 'Foreigner' },
];
const RELATIONS = [
  { value: 'spouse', label: 'Spouse' },
  { value: CHILD, label: 'Child' },
  { value: 'all', label: 'Other family' },
  { value: 'joint', label: 'Joint' },
];
const RELATION_LABEL: Record<string, string> = Object.fromEntries(RELATIONS.map((r) => [r.value, r.label]));
const CURRENCIES = ['SGD', 'RM', 'USD', 'AUD', 'INR', 'GBP', 'EUR', 'RMB', 'CNH'].map((c) => ({ value: c, label: c }));
const LOCAL_KEY = 'kf_onboarding';
export const DRAFT_STEP = 'on-boarding';

/**
 * /on-boarding?referral_id=…&advisor_id=…: the fact-find of a new household in five steps (issue 11). A signed-in
 * advisor (Add customer) keeps each step as a form-step draft named in the address (&draft=…), so the same link
 * resumes on another device, and finishing creates the lead with its members, incomes, expenses, dreams and
 * concerns. A visitor from an advisor's public page keeps the steps in this browser and sends them at the end to
 * on-boarding/submit, which creates the lead for that advisor.
 */
export default function OnBoardingPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const advisorId = params.get('advisor_id') ?? '';
  const referral = params.get('referral_id') ?? '';
  const draftId = params.get('draft');
  const signedInAdvisor = user?.type === 'advisor';
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<OnBoardingAnswers>(EMPTY_ANSWERS);
  /** Changes one field of the family member at `i`. */
  const setMember = (i: number, change: Partial<OnBoardingAnswers['members'][number]>) =>
    setAnswers((a) => ({ ...a, members: a.members.map((x, j) => (j === i ? { ...x, ...change } : x)) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState(Boolean(draftId));
  const [done, setDone] = useState(false);
  const [meta, setMeta] = useState<{ dreams: MetaItem[]; concerns: MetaItem[] }>({ dreams: [], concerns: [] });
  const heading = useRef<HTMLHeadingElement>(null);
  const ownDraft = useRef<string | null>(null);

  // resume: the server draft named in the address, else what this browser kept
  useEffect(() => {
    // a draft this page named itself (after the first Next) is already on screen: nothing to read back
    if (draftId && draftId === ownDraft.current) return;
    if (draftId && signedInAdvisor) {
      api
        .get<{ data: { step?: number; answers?: OnBoardingAnswers } }>(
          `user/form-steps-draft/${encodeURIComponent(draftId)}/read`,
        )
        .then(
          (d) => {
            const saved = d.data;
            if (saved?.answers) setAnswers({ ...EMPTY_ANSWERS, ...saved.answers });
            if (typeof saved?.step === 'number') setStep(Math.min(Math.max(saved.step, 0), STEPS.length - 1));
            setLoading(false);
          },
          (e: unknown) => {
            setError(errorMessage(e));
            setLoading(false);
          },
        );
      return;
    }
    setLoading(false);
    if (!signedInAdvisor) {
      try {
        const kept = JSON.parse(localStorage.getItem(LOCAL_KEY) ?? 'null') as {
          advisorId?: string;
          answers?: OnBoardingAnswers;
          step?: number;
        } | null;
        if (kept?.advisorId === advisorId && kept.answers) {
          setAnswers({ ...EMPTY_ANSWERS, ...kept.answers });
          setStep(kept.step ?? 0);
        }
      } catch {
        // nothing kept
      }
    }
  }, [draftId, signedInAdvisor, advisorId]);

  useEffect(() => {
    if (!user) return;
    Promise.all([api.get<MetaItem[]>('meta-data/dream'), api.get<MetaItem[]>('meta-data/concern')]).then(
      ([dreams, concerns]) => setMeta({ dreams, concerns }),
      () => undefined,
    );
  }, [user]);

  // each step starts at its heading, for keyboard and screen-reader users
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => heading.current?.focus(), [step]);

  const set =
    <K extends keyof OnBoardingAnswers['profile']>(k: K) =>
    (v: string) =>
      setAnswers((a) => ({ ...a, profile: { ...a.profile, [k]: v } }));

  /** Keeps the steps so far: a server draft for a signed-in advisor, this browser otherwise. */
  const keep = async (nextStep: number) => {
    if (signedInAdvisor) {
      const saved = await api.post<{ id: string }>('user/form-steps-draft/create', {
        ...(draftId ? { id: draftId } : {}),
        step: DRAFT_STEP,
        data: { step: nextStep, answers, advisor_id: advisorId, referral_id: referral },
      });
      if (!draftId) {
        ownDraft.current = saved.id;
        const next = new URLSearchParams(params);
        next.set('draft', saved.id);
        setParams(next, { replace: true });
      }
    } else {
      localStorage.setItem(LOCAL_KEY, JSON.stringify({ advisorId, answers, step: nextStep }));
    }
  };

  const next = async (e: FormEvent) => {
    e.preventDefault();
    const problems = validateStep(step, answers);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    setError(null);
    try {
      if (step < STEPS.length - 1) {
        await keep(step + 1);
        setStep(step + 1);
      } else await finish();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const finish = async () => {
    const chosen = {
      dreams: meta.dreams.filter((d) => answers.dreams.includes(d.id)),
      concerns: meta.concerns.filter((c) => answers.concerns.includes(c.id)),
    };
    if (signedInAdvisor) {
      const lead = await api.post<{ id: string; members: Array<{ id: string; relation: string; name: string }> }>(
        'leads',
        buildLeadBody(answers, referral),
      );
      const records = recordsFor(answers, lead.members, chosen);
      for (const r of records.incomes) await api.post('customer/member-income', { ...r, lead_id: lead.id });
      for (const r of records.expenses) await api.post('customer/member-expense', { ...r, lead_id: lead.id });
      for (const d of records.dreams) await api.post(`advisor/leads/${lead.id}/dreams`, d);
      for (const c of records.concerns) await api.post(`advisor/leads/${lead.id}/concerns`, c);
      if (draftId) await api.del(`user/form-steps-draft/${encodeURIComponent(draftId)}`).catch(() => undefined);
      navigate(`/advisor/customers/${lead.id}/financial-report/dashboard/cashflow`);
      return;
    }
    await api.post('on-boarding/submit', submitBody(answers, advisorId, referral));
    localStorage.removeItem(LOCAL_KEY);
    setDone(true);
  };

  if (!advisorId)
    return (
      <AuthCard title="Add a customer">
        <p>This page is opened from an advisor's invitation or the Add customer link.</p>
        <Link to="/home">Back to home</Link>
      </AuthCard>
    );
  if (done)
    return (
      <AuthCard title="Thank you">
        <p>Your advisor has your answers and will be in touch to go through your plan with you.</p>
        <Link to="/home">Back to home</Link>
      </AuthCard>
    );

  // the people who may earn: the visitor and the members who are not children (index into `incomes`)
  const people = earners(answers);
  const chosen = (k: 'dreams' | 'concerns') =>
    meta[k]
      .filter((m) => answers[k].includes(m.id))
      .map((m) => m.title)
      .join(', ') || 'None chosen';
  return (
    <AuthCard title="Add a customer" wide>
      <Steps aria-label="On-boarding steps">
        {STEPS.map((s, i) => (
          <li key={s} aria-current={i === step ? 'step' : undefined}>
            {i + 1}. {s}
          </li>
        ))}
      </Steps>
      <h2 ref={heading} tabIndex={-1}>
        Step {step + 1} of {STEPS.length}: {STEPS[step]}
      </h2>
      {loading ? <p aria-busy="true">Loading your answers…</p> : null}
      <form onSubmit={next} aria-label={STEPS[step]} noValidate>
        {step === 0 ? (
          <Grid>
            <TextInput
              label="Name"
              value={answers.profile.name}
              onChange={set('name')}
              error={errors.name}
              optional={false}
            />
            <EmailInput
              label="Email"
              value={answers.profile.email}
              onChange={set('email')}
              error={errors.email}
              optional
            />
            <TextInput label="Phone" type="tel" value={answers.profile.phone} onChange={set('phone')} optional />
            <NumberInput
              label="Age"
              value={answers.profile.age}
              onChange={set('age')}
              error={errors.age}
              optional
              maxLength={3}
            />
            <Select label="Gender" value={answers.profile.gender} onChange={set('gender')} options={GENDERS} />
            <Select
              label="Marital status"
              value={answers.profile.marital_status}
              onChange={set('marital_status')}
              options={MARITAL}
            />
            <NumberInput
              label="Number of children"
              value={answers.profile.children_count}
              onChange={set('children_count')}
              optional
              maxLength={2}
            />
            <Select
              label="Citizenship"
              value={answers.profile.citizenship}
              onChange={set('citizenship')}
              options={CITIZENSHIP}
            />
            <Select label="Currency" value={answers.profile.currency} onChange={set('currency')} options={CURRENCIES} />
          </Grid>
        ) : null}
        {step === 1 ? (
          <>
            {answers.members.length === 0 ? <p>No family members yet: add the people the plan is for.</p> : null}
            {answers.members.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, in order
              <Member key={i}>
                <legend>Family member {i + 1}</legend>
                <Grid>
                  <TextInput
                    label="Name"
                    value={m.name}
                    onChange={(v) => setMember(i, { name: v })}
                    error={errors[`members.${i}.name`]}
                    optional={false}
                  />
                  <Select
                    label="Relation"
                    value={m.relation}
                    onChange={(v) => setMember(i, { relation: v })}
                    options={RELATIONS}
                  />
                  <Select
                    label="Gender"
                    value={m.gender}
                    onChange={(v) => setMember(i, { gender: v })}
                    options={GENDERS}
                  />
                  <NumberInput
                    label="Age"
                    value={m.age}
                    onChange={(v) => setMember(i, { age: v })}
                    error={errors[`members.${i}.age`]}
                    optional={!isChild(m)}
                    maxLength={3}
                  />
                </Grid>
                <Button
                  variant="link"
                  onClick={() =>
                    setAnswers((a) => ({
                      ...a,
                      members: a.members.filter((_, j) => j !== i),
                      incomes: a.incomes.filter((_, j) => j !== i + 1),
                    }))
                  }
                >
                  Remove family member {i + 1}
                </Button>
              </Member>
            ))}
            <Button
              variant="secondary"
              onClick={() =>
                setAnswers((a) => ({
                  ...a,
                  members: [
                    ...a.members,
                    { name: '', relation: a.members.length ? 'all' : 'spouse', gender: 'female', age: '' },
                  ],
                }))
              }
            >
              Add a family member
            </Button>
          </>
        ) : null}
        {step === 2 ? (
          <>
            <h3>Monthly income ({answers.profile.currency})</h3>
            <Grid>
              {people.map(({ name, index: i }) => (
                <FloatInput
                  key={i}
                  label={`${name}: gross income a month`}
                  value={answers.incomes[i] ?? ''}
                  onChange={(v) =>
                    setAnswers((a) => {
                      const incomes = [...a.incomes];
                      incomes[i] = v;
                      return { ...a, incomes };
                    })
                  }
                  optional
                  decimals={2}
                />
              ))}
            </Grid>
            <h3>Household expenses a month ({answers.profile.currency})</h3>
            <Grid>
              {EXPENSE_CHOICES.map((c) => (
                <FloatInput
                  key={c}
                  label={c[0]?.toUpperCase() + c.slice(1)}
                  value={answers.expenses.find((x) => x.category === c)?.amount ?? ''}
                  onChange={(v) =>
                    setAnswers((a) => ({
                      ...a,
                      expenses: [...a.expenses.filter((x) => x.category !== c), { category: c, amount: v }],
                    }))
                  }
                  optional
                  decimals={2}
                />
              ))}
            </Grid>
          </>
        ) : null}
        {step === 3 ? (
          <>
            {(['dreams', 'concerns'] as const).map((k) => (
              <Checks key={k}>
                <legend>{k === 'dreams' ? 'Which dreams matter to you?' : 'What concerns you most?'}</legend>
                {meta[k].length === 0 ? <p>Your advisor will go through these with you.</p> : null}
                {meta[k].map((m) => (
                  <label key={m.id}>
                    <input
                      type="checkbox"
                      checked={answers[k].includes(m.id)}
                      onChange={(e) =>
                        setAnswers((a) => ({
                          ...a,
                          [k]: e.target.checked ? [...a[k], m.id] : a[k].filter((x) => x !== m.id),
                        }))
                      }
                    />{' '}
                    {m.title}
                  </label>
                ))}
              </Checks>
            ))}
          </>
        ) : null}
        {step === 4 ? (
          <dl>
            <dt>Name</dt>
            <dd>{answers.profile.name}</dd>
            <dt>Family members</dt>
            <dd>
              {answers.members
                .filter((m) => !isChild(m))
                .map((m) => `${m.name} (${RELATION_LABEL[m.relation] ?? m.relation})`)
                .join(', ') || 'None'}
            </dd>
            <dt>Children</dt>
            <dd>
              {answers.members
                .filter(isChild)
                .map((m) => (m.age.trim() ? `${m.name}, ${m.age}` : m.name))
                .join('; ') || 'None'}
            </dd>
            <dt>Incomes a month</dt>
            <dd>
              {people
                .map(({ name, index: i }) =>
                  answers.incomes[i]?.trim() ? `${name}: ${answers.profile.currency} ${answers.incomes[i]}` : null,
                )
                .filter(Boolean)
                .join('; ') || 'None'}
            </dd>
            <dt>Expenses a month</dt>
            <dd>
              {answers.expenses
                .filter((x) => x.amount.trim())
                .map((x) => `${x.category}: ${answers.profile.currency} ${x.amount}`)
                .join('; ') || 'None'}
            </dd>
            <dt>Dreams</dt>
            <dd>{chosen('dreams')}</dd>
            <dt>Concerns</dt>
            <dd>{chosen('concerns')}</dd>
          </dl>
        ) : null}
        <FormError>{error}</FormError>
        <Nav>
          <Button variant="secondary" disabled={step === 0 || busy} onClick={() => setStep(step - 1)}>
            Back
          </Button>
          <Button type="submit" loading={busy} disabled={loading}>
            {step === STEPS.length - 1 ? 'Finish' : 'Next'}
          </Button>
        </Nav>
      </form>
      {signedInAdvisor && draftId ? (
        <p>Your answers are kept as you go: open this same address on another device to carry on.</p>
      ) : null}
    </AuthCard>
  );
}
