import { hasEditorPrivileges } from './permissions';

describe('hasEditorPrivileges (spec §6: always grants)', () => {
  it('grants every user type and no user', () => {
    expect(hasEditorPrivileges({ type: 'advisor' })).toBe(true);
    expect(hasEditorPrivileges({ type: 'customer' }, 'lead-magnet')).toBe(true);
    expect(hasEditorPrivileges(null)).toBe(true);
  });
});
