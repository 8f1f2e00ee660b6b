import * as contracts from '@kinfolio/contracts';
import { SUPPORT_TEXT_MAX_LENGTH } from './constants';
import {
  clampNumberInput,
  defaultPlaceholder,
  EMAIL_LOOSE,
  EMAIL_STRICT,
  EMOJI,
  FORBIDDEN_TEXT_CHARS,
  filterAlphanumeric,
  filterDigits,
  filterTextInput,
  filterUsernameInput,
  isEmailLoose,
  isEmailStrict,
  isTextAllowed,
  normaliseUsername,
  shortName,
  usernameError,
} from './rules';

describe('the patterns mirror @kinfolio/contracts', () => {
  it('uses the same text and e-mail patterns as the server', () => {
    expect(FORBIDDEN_TEXT_CHARS.source).toBe(contracts.FORBIDDEN_TEXT_CHARS.source);
    expect(EMOJI.source).toBe(contracts.EMOJI.source);
    expect(EMAIL_STRICT.source).toBe(contracts.EMAIL_STRICT.source);
    expect(EMAIL_LOOSE.source).toBe(contracts.EMAIL_LOOSE.source);
  });
  it('limits ticket queries and replies to the lengths the server takes', () => {
    expect(SUPPORT_TEXT_MAX_LENGTH).toBe(contracts.support.QUERY_MAX_LENGTH);
    expect(SUPPORT_TEXT_MAX_LENGTH).toBe(contracts.support.REPLY_MAX_LENGTH);
  });
  it('produces usernames the server accepts', () => {
    for (const raw of ['John Doe', '  Ann  Lee ', 'abc123', 'a b c']) {
      expect(contracts.Username.parse(normaliseUsername(raw))).toBe(normaliseUsername(raw));
    }
  });
});

describe('username rules (spec §5)', () => {
  it('rejects any character other than letters, digits or a space', () => {
    for (const bad of ['john!', 'jo_hn', 'a.b', 'émile', 'x😀', 'a@b']) expect(filterUsernameInput(bad)).toBeNull();
  });
  it('turns spaces into hyphens and lowercases while typing', () => {
    expect(filterUsernameInput('John Doe')).toBe('john-doe');
    expect(filterUsernameInput('ABC 12')).toBe('abc-12');
    expect(filterUsernameInput('')).toBe('');
  });
  it('normalises the saved value', () => {
    expect(normaliseUsername('  John   Doe  ')).toBe('john-doe');
    expect(normaliseUsername('john-')).toBe('john');
  });
  it("answers 'Enter user name' when empty", () => {
    expect(usernameError('')).toBe('Enter user name');
    expect(usernameError('   ')).toBe('Enter user name');
    expect(usernameError('john doe')).toBeNull();
    expect(usernameError('john_doe')).toBe('Only alpha and numeric characters are allowed.');
  });
});

describe('text rules (spec §5)', () => {
  it('rejects emoji and < > { } [ ] ~ ` | ^', () => {
    for (const c of ['<', '>', '{', '}', '[', ']', '~', '`', '|', '^', '😀', '🚀']) {
      expect(isTextAllowed(`a${c}b`)).toBe(false);
      expect(filterTextInput(`a${c}b`)).toBeNull();
    }
    expect(isTextAllowed('Hello, world (ok) - 100% & "quotes"')).toBe(true);
  });
  it('limits length to 1000 by default', () => {
    expect(filterTextInput('x'.repeat(1200))?.length).toBe(1000);
    expect(filterTextInput('x'.repeat(20), 10)).toBe('x'.repeat(10));
  });
  it("defaults the placeholder to 'Enter <label>' with the label as written", () => {
    expect(defaultPlaceholder('Name')).toBe('Enter Name');
    expect(defaultPlaceholder('User Name')).toBe('Enter User Name');
    expect(defaultPlaceholder('  Mobile number ')).toBe('Enter Mobile number');
  });
});

describe('number rules (spec §5)', () => {
  it('accepts digits only for integers', () => {
    expect(clampNumberInput('123')).toBe('123');
    expect(clampNumberInput('12a')).toBeNull();
    expect(clampNumberInput('1.5')).toBeNull();
    expect(clampNumberInput('-3')).toBeNull();
    expect(clampNumberInput('-3', { allowNegative: true })).toBe('-3');
  });
  it('allows at most 3 decimals for floats', () => {
    expect(clampNumberInput('1.234', { decimals: 3 })).toBe('1.234');
    expect(clampNumberInput('1.2345', { decimals: 3 })).toBeNull();
    expect(clampNumberInput('1.23456', { decimals: 9 })).toBeNull();
    expect(clampNumberInput('1.', { decimals: 2 })).toBe('1.');
  });
  it('limits the length (default 1000)', () => {
    expect(clampNumberInput('1'.repeat(1000))).toBe('1'.repeat(1000));
    expect(clampNumberInput('1'.repeat(1001))).toBeNull();
    expect(clampNumberInput('123456', { maxLength: 5 })).toBeNull();
  });
  it('replaces a number below the minimum by the minimum', () => {
    expect(clampNumberInput('5', { min: 18 })).toBe('18');
    expect(clampNumberInput('30', { min: 18 })).toBe('30');
    expect(clampNumberInput('', { min: 18 })).toBe('');
  });
  it('filters keys to letters and digits, or digits with one dot', () => {
    expect(filterAlphanumeric('a-b_c 1!2')).toBe('abc12');
    expect(filterDigits('1a2.3.4')).toBe('1234');
    expect(filterDigits('1a2.3.4', true)).toBe('12.34');
  });
});

describe('e-mail rules (spec §5)', () => {
  it('has a strict and a loose pattern', () => {
    expect(isEmailStrict('ann@example.com')).toBe(true);
    expect(isEmailStrict('ann@example')).toBe(false);
    expect(isEmailStrict('ann smith@example.com')).toBe(false);
    expect(isEmailStrict('ann@ex.c')).toBe(false);
    expect(isEmailLoose('ann@ex.c')).toBe(true);
    expect(isEmailLoose('ann@@x.io')).toBe(true);
    expect(isEmailLoose('not-an-email')).toBe(false);
  });
});

describe('attachment names', () => {
  it('cuts long names to 10 characters plus an ellipsis', () => {
    expect(shortName('holiday-picture.png')).toBe('holiday-pi...');
    expect(shortName('a.png')).toBe('a.png');
  });
});
