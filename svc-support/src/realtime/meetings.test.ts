import { meetings } from '@kinfolio/contracts';
import { meetingOptionsFromEnv } from './meetings';

describe('meeting options from the environment', () => {
  it('defaults to the contract’s ten minutes away and a 15 s sweep', () => {
    const o = meetingOptionsFromEnv({});
    expect([o.awayMs, o.sweepMs]).toEqual([meetings.MEETING_ADVISOR_AWAY_MS, 15_000]);
    expect(o.awayMs).toBe(600_000);
  });

  it('takes overrides for tests', () => {
    const o = meetingOptionsFromEnv({ MEETING_ADVISOR_AWAY_MS: '1200', MEETING_SWEEP_MS: '100' });
    expect([o.awayMs, o.sweepMs]).toEqual([1200, 100]);
  });

  it('falls back to the defaults on values that are not numbers or too small', () => {
    for (const [away, sweep] of [
      ['soon', 'often'],
      ['0', '10'],
      ['-5', ''],
    ]) {
      const o = meetingOptionsFromEnv({ MEETING_ADVISOR_AWAY_MS: away, MEETING_SWEEP_MS: sweep });
      expect([o.awayMs, o.sweepMs]).toEqual([600_000, 15_000]);
    }
  });
});
