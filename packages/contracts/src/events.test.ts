import { eventPayload } from './events';

describe('eventPayload', () => {
  const warn = jest.fn();
  const logger = { warn };
  beforeEach(() => warn.mockClear());

  it("gives a delivered event's payload as its contract reads it, without a warning", () => {
    const payload = { user_id: '4b7a4a7e-5a2c-4c8e-9d8f-0a1b2c3d4e5f', type: 'advisor' };
    expect(eventPayload('auth.user.deleted.v1', { id: 'e1', payload }, logger)).toEqual(payload);
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives null for a malformed payload, after a warning that names the event and its id', () => {
    expect(eventPayload('auth.user.deleted.v1', { id: 'e2', payload: { user_id: 'not a uuid' } }, logger)).toBeNull();
    expect(warn).toHaveBeenCalledWith({ eventId: 'e2' }, 'ignoring a malformed auth.user.deleted.v1');
  });
});
