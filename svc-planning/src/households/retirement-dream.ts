import type { households as H } from '@kinfolio/contracts';
import { badRequest, type Knex } from '@kinfolio/service-kit';
import type { HouseholdRow } from '../records/access';
import { loadMembers, updateMember } from './repository';

/**
 * One retirement age per member (issue 31 observation 6, docs/decisions/plan-goals.md): the member's
 * `retirement_age` owns it. The projection stops employment income there, the retirement goal starts there, the
 * scenario's "As planned" shows it and the pension's contributions stop there. The retirement dream's answer to
 * "At what age would you like to retire?" and the goals screen's retirement goal both edit that one value.
 */
const AGE_QUESTION = /\bage\b.*\bretire|\bretire.*\bage\b/i;
const MIN_AGE = 30;
const MAX_AGE = 100;

/** The whole age a dream's answers give for retiring (the first whole number 30-100 answering an age question), or null. */
export function retirementAgeAnswer(answers: ReadonlyArray<{ question: string; answer?: string }>): number | null {
  for (const qa of answers) {
    if (!AGE_QUESTION.test(qa.question)) continue;
    for (const m of (qa.answer ?? '').matchAll(/\d+(?:\.\d+)?/g)) {
      const n = Number(m[0]);
      if (Number.isInteger(n) && n >= MIN_AGE && n <= MAX_AGE) return n;
    }
  }
  return null;
}

/** The member a household's retirement is about when none is named: `me`, else the first adult member. */
export function mainMember(members: readonly H.Member[]): H.Member | undefined {
  return members.find((m) => m.relation === 'me') ?? members.find((m) => m.relation === 'spouse');
}

/**
 * A dream's `verify` (runs in the dream's write transaction): an answered retirement age becomes the main member's
 * retirement age.
 */
export async function retirementAgeFromDream(
  trx: Knex,
  hh: HouseholdRow,
  data: Record<string, unknown>,
): Promise<void> {
  const age = retirementAgeAnswer((data.question_answers ?? []) as Array<{ question: string; answer?: string }>);
  if (age === null) return;
  const member = mainMember(await loadMembers(trx, hh));
  if (!member || member.retirement_age === age) return;
  if (member.age !== undefined && member.age > age) return; // already past it: the answer is a wish, not a plan
  const { id, household_id: _h, position: _p, created_at: _c, updated_at: _u, ...body } = member;
  await updateMember(trx, hh, id, { ...body, retirement_age: age } as H.MemberBody);
}

/** A goal's `verify`: a goal made from a dream names a dream of its own household. */
export async function goalDreamBelongs(trx: Knex, hh: HouseholdRow, data: Record<string, unknown>): Promise<void> {
  if (typeof data.dream_id !== 'string') return;
  const found = await trx('dreams')
    .where({ id: data.dream_id, advisor_id: hh.advisor_id, household_id: hh.id })
    .first('id');
  if (!found) throw badRequest('No such dream in this household', 'dream_id');
}
