import type { insurance as I, reference as R } from '@kinfolio/contracts';
import { isCalendarDate } from '@kinfolio/contracts';
import Decimal from 'decimal.js';
import { ageOn, todayIso } from '../../balance-sheet/rules';
import { dayNumber } from '../../domain/calculations/dates';
import { PAYMENTS_PER_YEAR } from '../../domain/calculations/frequency';

/** What the lookup needs of the insured member (a household member record's data). */
export interface InsuredMember {
  id: string;
  gender?: string | null;
  age?: number | null;
  date_of_birth?: string | null;
}

const GENDER_WORD = { male: 'man', female: 'woman' } as const;

/**
 * The insured's age on a day (issue 31 item 8): from the date of birth (age at the last birthday), else the stored age,
 * which is an age as of today, moved by the whole years between today and that day.
 */
export function insuredAgeOn(m: InsuredMember, on: string, today: string): number | null {
  if (m.date_of_birth && isCalendarDate(m.date_of_birth)) return ageOn(m, dayNumber(on));
  if (m.age === undefined || m.age === null) return null;
  const age = m.age + (Number(on.slice(0, 4)) - Number(today.slice(0, 4)));
  return age >= 0 ? age : null;
}

/**
 * A reference plan's premium for a member (docs/decisions/plan-reference.md): the premium table's premiums are
 * yearly amounts by age and gender; one payment at a frequency is the yearly premium divided by the payments a year,
 * to cents. A single premium is not in the table. Without a row (or a premium) for the age and gender, the reply
 * says so in `message`, which the editor shows beside the premium field.
 */
export function lookupPremium(
  plan: Pick<R.InsurancePlan, 'id' | 'currency' | 'data_by_age'>,
  member: InsuredMember,
  frequency: I.PremiumFrequency,
  policyDate: string | undefined,
  today: string = todayIso(),
): R.PremiumLookup {
  const gender = member.gender === 'female' ? 'female' : 'male';
  const on = policyDate ?? today;
  const age = insuredAgeOn(member, on, today);
  const base = {
    plan_id: plan.id,
    member_id: member.id,
    gender,
    age,
    age_on: on,
    frequency,
    currency: plan.currency,
  } as const;
  const none = (message: string, annual: number | null = null): R.PremiumLookup => ({
    ...base,
    annual_premium: annual,
    premium: null,
    message,
  });
  if (age === null)
    return none("The insured's age is not recorded: enter their age or date of birth, or type the premium.");
  const row = plan.data_by_age.find((r) => r.age === age);
  const annual = row ? row[gender] : null;
  if (annual === null || annual === undefined)
    return none(`This plan's premium table has no premium for a ${GENDER_WORD[gender]} aged ${age}: type the premium.`);
  if (frequency === 'single')
    return none("This plan's premium table gives yearly premiums, not a single premium: type the premium.", annual);
  const premium = new Decimal(annual).div(PAYMENTS_PER_YEAR[frequency]).toDecimalPlaces(2).toNumber();
  return { ...base, annual_premium: annual, premium, message: null };
}
