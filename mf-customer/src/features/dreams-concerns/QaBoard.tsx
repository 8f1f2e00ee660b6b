import {
  Button,
  FormError,
  GuardedFormActions,
  Modal,
  Skeleton,
  TextArea,
  TextInput,
  useResource,
  useUnsavedChangesGuard,
} from '@kinfolio/ui-kit';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useFormSave } from '../../shared/form/useFormSave';
import { useDashboard } from '../../shared/frame/Frame';
import { GoalDialog } from '../../shared/goals/GoalDialog';
import {
  DEFAULT_RETIREMENT_AGE,
  type Goal,
  goalFromDream,
  goalKindLabel,
  goalKindOfDream,
  goalYears,
  mainMember,
} from '../../shared/goals/model';
import { type Dream, type Household, householdApi, type MetaQuestion } from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { useDeleteConfirm } from '../../shared/household/useDeleteConfirm';
import { Card } from '../../shared/ui/layout';
import { useSavedDialog } from '../../shared/ui/useSavedDialog';

export type QaKind = 'dream' | 'concern';
type Stored = Dream; // dreams and concerns share one shape (title + question_answers)

const TEXTS = {
  dream: {
    title: 'My Dreams',
    lead: 'What the household wants its money to do: each dream in its own words.',
    none: 'No dreams recorded yet',
    choose: 'Add a dream',
    own: 'Our own dream',
    noun: 'dream',
    list: (hh: string, signal: AbortSignal) => householdApi.dreams(hh, signal),
    meta: (signal: AbortSignal) => householdApi.dreamMeta(signal),
    save: householdApi.saveDream,
    metaField: 'dream_id' as const,
    route: 'dreams-concerns/my-dreams',
  },
  concern: {
    title: 'My Concerns',
    lead: 'What keeps the household up at night: each concern, and what it would mean for the plan.',
    none: 'No concerns recorded yet',
    choose: 'Add a concern',
    own: 'Our own concern',
    noun: 'concern',
    list: (hh: string, signal: AbortSignal) => householdApi.concerns(hh, signal),
    meta: (signal: AbortSignal) => householdApi.concernMeta(signal),
    save: householdApi.saveConcern,
    metaField: 'concern_id' as const,
    route: 'dreams-concerns/my-concerns',
  },
};

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 12px;
  margin-bottom: 16px;
`;
const Item = styled.article`
  padding: 16px;
  border: 1px solid #e3eaea;
  border-radius: 10px;
  background: #fff;
  h3 {
    margin: 0 0 8px;
    font-size: 1.05rem;
  }
  dl {
    margin: 0 0 8px;
  }
  dt {
    font-size: 0.85rem;
    color: #5a6b6b;
  }
  dd {
    margin: 2px 0 8px;
  }
`;
const Choices = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** The question/answer list of a dream or concern as a definition list. */
export function Answers({ item }: { item: Pick<Stored, 'question_answers'> }) {
  if (!item.question_answers.length) return null;
  return (
    <dl>
      {item.question_answers.map((qa, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: answers have no id; their order is their identity
        <div key={i}>
          <dt>{qa.question}</dt>
          <dd>{qa.answer || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

interface QaForm {
  title: string;
  answers: Array<{ question: string; answer: string }>;
}

function QaDialog({
  kind,
  household,
  meta,
  onClose,
  onSaved,
}: {
  kind: QaKind;
  household: Household;
  /** The reference item answered, or null for the household's own. */
  meta: MetaQuestion | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = TEXTS[kind];
  const initial = useMemo<QaForm>(
    () => ({
      title: meta?.title ?? '',
      answers: meta ? meta.questions.map((q) => ({ question: q, answer: '' })) : [{ question: '', answer: '' }],
    }),
    [meta],
  );
  const [form, setForm] = useState(initial);
  const { errors, error, busy, save } = useFormSave();
  const guard = useUnsavedChangesGuard(initial, form, onClose);
  const setAnswer = (i: number, patch: Partial<QaForm['answers'][number]>) =>
    setForm((f) => ({ ...f, answers: f.answers.map((a, j) => (j === i ? { ...a, ...patch } : a)) }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await save(
      form.title.trim() ? {} : { title: 'Enter title' },
      () =>
        t.save(household.id, {
          ...(meta ? { [t.metaField]: meta.id } : {}),
          title: form.title.trim(),
          question_answers: form.answers
            .filter((a) => a.question.trim())
            .map((a) => ({ question: a.question.trim(), answer: a.answer.trim() })),
        }),
      () => onSaved(),
    );
  };
  return (
    <Modal open title={meta ? meta.title : t.own} onClose={guard.requestClose} width={560}>
      <form onSubmit={submit} aria-label={`${t.noun} answers`} noValidate style={{ position: 'relative' }}>
        {meta?.description ? <p>{meta.description}</p> : null}
        {meta ? null : (
          <TextInput
            label="Title"
            value={form.title}
            onChange={(v) => setForm((f) => ({ ...f, title: v }))}
            error={errors.title}
            optional={false}
          />
        )}
        {form.answers.map((a, i) =>
          meta ? (
            <TextArea
              // biome-ignore lint/suspicious/noArrayIndexKey: the questions are fixed for a reference item
              key={i}
              label={a.question}
              value={a.answer}
              onChange={(v) => setAnswer(i, { answer: v })}
              optional
            />
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, in order
            <div key={i}>
              <TextInput
                label={`Question ${i + 1}`}
                value={a.question}
                onChange={(v) => setAnswer(i, { question: v })}
                optional
              />
              <TextArea
                label={`Answer ${i + 1}`}
                value={a.answer}
                onChange={(v) => setAnswer(i, { answer: v })}
                optional
              />
            </div>
          ),
        )}
        {meta ? null : (
          <Button
            variant="link"
            onClick={() => setForm((f) => ({ ...f, answers: [...f.answers, { question: '', answer: '' }] }))}
          >
            Add a question
          </Button>
        )}
        <FormError>{error}</FormError>
        <GuardedFormActions guard={guard} busy={busy} submitLabel={`Save ${t.noun}`} />
      </form>
    </Modal>
  );
}

/**
 * What a dream is in the plan: the goal made from it (a link to Goals), or "Make it a goal"; the retirement dream
 * also shows the retirement age the plan uses (the member's, which its answer sets).
 */
function DreamGoal({
  dream,
  household,
  goal,
  goalsRoute,
  onMake,
}: {
  dream: Stored;
  household: Household;
  goal: Goal | undefined;
  goalsRoute: string;
  onMake: (() => void) | null;
}) {
  const retirement = goalKindOfDream(dream.title) === 'retirement';
  const member = mainMember(household);
  const age = member?.retirement_age;
  return (
    <>
      {retirement ? (
        <p>
          Retirement age in the plan: {age ?? `${DEFAULT_RETIREMENT_AGE} (the default)`}
          {member?.name ? ` (${member.name})` : ''}
        </p>
      ) : null}
      {goal ? (
        <p>
          Goal: {goalKindLabel(goal.type)}, {goalYears(goal, age)} — <Link to={goalsRoute}>see it in Goals</Link>
        </p>
      ) : onMake ? (
        <Button variant="secondary" onClick={onMake} aria-label={`Make ${dream.title} a goal`}>
          Make it a goal
        </Button>
      ) : null}
    </>
  );
}

const NO_QUESTIONS: MetaQuestion[] = [];
const NO_GOALS: Goal[] = [];

/** The household's dreams or concerns, the reference questions to add one from, and (dreams) delete. */
export function QaBoard({ kind }: { kind: QaKind }) {
  const t = TEXTS[kind];
  const { base } = useDashboard();
  const { pathname } = useLocation();
  const { household, status, error, readOnly, version, reload } = useHousehold();
  const list = useResource(household && ([kind, household.id, version] as const), ([, hid], signal) =>
    t.list(hid, signal),
  );
  const { data: items, error: listError, setError: setListError } = list;
  const listRoute = `${base}/${t.route}`;
  const saved = useSavedDialog(listRoute, pathname === listRoute);
  // the reference questions to add one from (not for a reader)
  const meta = useResource(!readOnly && ([kind] as const), (_, signal) => t.meta(signal)).data ?? NO_QUESTIONS;
  const [answering, setAnswering] = useState<MetaQuestion | 'own' | null>(null);
  // the goals made from dreams: a dream card shows its goal, or offers to make one
  const goals =
    useResource(household && kind === 'dream' && ([household.id, version] as const), ([hid], signal) =>
      householdApi.listRecords('goal', hid, {}, signal).then((p) => p.rows),
    ).data ?? NO_GOALS;
  const [goalFor, setGoalFor] = useState<Partial<Goal> | null>(null);
  const removal = useDeleteConfirm<Stored>({
    title: (d) => `Delete ${d.title}?`,
    message: () => 'Its answers are removed with it.',
    remove: (d) => householdApi.deleteDream(d.lead_id, d.id),
    onDone: reload,
    onError: setListError,
  });

  if (status === 'missing' || status === 'error')
    return (
      <Card>
        <h2>{t.title}</h2>
        {status === 'error' ? (
          <FormError>{error}</FormError>
        ) : (
          <p>There is no household at this address, or it is not yours to see.</p>
        )}
      </Card>
    );
  // a dream deleted a moment ago is left out while its Undo toast shows
  const shown = items ? items.rows.filter((d) => !removal.hidden(d)) : null;
  return (
    <section aria-label={t.title}>
      <h2>{t.title}</h2>
      <p>{t.lead}</p>
      {listError ? <FormError>{listError}</FormError> : null}
      {!items && !listError ? <Skeleton rows={3} label={`Loading ${t.title.toLowerCase()}`} /> : null}
      {shown && shown.length === 0 ? (
        <Card>
          <p>{t.none}</p>
        </Card>
      ) : null}
      {shown && shown.length > 0 ? (
        <Cards>
          {shown.map((d) => (
            <Item key={d.id} aria-labelledby={`qa-${d.id}`}>
              <h3 id={`qa-${d.id}`}>{d.title}</h3>
              <Answers item={d} />
              {kind === 'dream' && household ? (
                <DreamGoal
                  dream={d}
                  household={household}
                  goal={goals.find((g) => g.dream_id === d.id)}
                  goalsRoute={`${base}/goals`}
                  onMake={readOnly ? null : () => setGoalFor(goalFromDream(d))}
                />
              ) : null}
              {kind === 'concern' ? (
                <Link to={`${listRoute}/${encodeURIComponent(d.id)}/cashflow`}>What it means for the cash flow</Link>
              ) : null}
              {kind === 'dream' && !readOnly ? (
                <Button variant="link" onClick={() => removal.ask(d)} aria-label={`Delete ${d.title}`}>
                  Delete
                </Button>
              ) : null}
            </Item>
          ))}
        </Cards>
      ) : null}
      {readOnly || !household ? null : (
        <Card aria-labelledby={`choose-${kind}`}>
          <h3 id={`choose-${kind}`}>{t.choose}</h3>
          <Choices>
            {meta.map((m) => (
              <li key={m.id}>
                <Button variant="secondary" onClick={() => setAnswering(m)}>
                  {m.title}
                </Button>
              </li>
            ))}
            <li>
              <Button variant="secondary" onClick={() => setAnswering('own')}>
                {t.own}
              </Button>
            </li>
          </Choices>
        </Card>
      )}
      {answering && household ? (
        <QaDialog
          kind={kind}
          household={household}
          meta={answering === 'own' ? null : answering}
          onClose={() => setAnswering(null)}
          onSaved={() => {
            setAnswering(null);
            saved.show();
            reload();
          }}
        />
      ) : null}
      {goalFor && household ? (
        <GoalDialog
          household={household}
          goal={goalFor}
          onClose={() => setGoalFor(null)}
          onSaved={() => {
            setGoalFor(null);
            reload();
          }}
        />
      ) : null}
      {removal.dialog}
      {saved.dialog}
    </section>
  );
}
