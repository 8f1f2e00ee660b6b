import { goalFromDream, goalKindOfDream, goalProblems, goalYears, yearInAnswers } from './model';

const dream = (title: string, answer: string) => ({
  id: 'd1',
  lead_id: 'h1',
  position: 0,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  title,
  question_answers: [{ question: 'When?', answer }],
});

describe('a dream’s goal', () => {
  it.each([
    ['Retirement', 'retirement'],
    ['Children’s education', 'education'],
    ['Own home', 'property'],
    ['Car', 'car'],
    ['Business', 'business'],
    ['Travel', 'custom'],
  ])('"%s" becomes a %s goal', (title, kind) => {
    expect(goalKindOfDream(title)).toBe(kind);
  });
  it('takes the first calendar year of the answers, not an amount', () => {
    expect(yearInAnswers(dream('x', 'Both, 250,000 from 2036'))).toBe(2036);
    expect(yearInAnswers(dream('x', 'about 250000'))).toBeUndefined();
    expect(goalFromDream(dream('Children’s education', 'from 2036, 250,000'))).toEqual({
      type: 'education',
      title: 'Children’s education',
      dream_id: 'd1',
      year_from: 2036,
    });
    // a retirement goal has no start year of its own: "2040" in the answers is not taken
    expect(goalFromDream(dream('Retirement', 'in 2040'))).not.toHaveProperty('year_from');
  });
});

describe('goal years and problems', () => {
  it('shows the years a goal is spent in', () => {
    expect(goalYears({ type: 'education', year_from: 2036, year_to: 2039 })).toBe('2036–2039');
    expect(goalYears({ type: 'car', year_from: 2030 })).toBe('2030');
    expect(goalYears({ type: 'retirement', year_to: 2070 }, 60)).toBe('From age 60 to 2070');
    expect(goalYears({ type: 'retirement' })).toBe('From age 55 to the end of the plan');
  });
  it('asks for what the service would refuse', () => {
    const base = {
      title: '',
      member_id: '',
      year_from: '',
      year_to: '',
      amount: '',
      living_expense: '',
      play_expense: '',
      legacy_amount: '',
      inflation_rate: '',
      growth_rate: '',
      currency: 'SGD',
      retirement_age: '',
      dream_id: '',
    };
    expect(goalProblems({ ...base, type: 'custom', year_from: '2030', amount: '1' })).toEqual({
      year_to: 'Enter year from and year to',
    });
    expect(goalProblems({ ...base, type: 'education', year_from: '2030', amount: '1' })).toEqual({
      member_id: 'An education goal names the member',
    });
    expect(
      goalProblems({ ...base, type: 'retirement', member_id: 'm', retirement_age: '20', living_expense: '1' }),
    ).toEqual({
      retirement_age: 'Enter an age from 30 to 100',
    });
  });
});
