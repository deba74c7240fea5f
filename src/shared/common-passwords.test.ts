import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';
import list from './common-passwords.json';

describe('the common-password list', () => {
  it('holds the 10,000 most common passwords, most common first', () => {
    expect(list).toHaveLength(10_000);
    expect(list.slice(0, 4)).toEqual(['123456', 'password', '12345678', 'qwerty']);
  });

  it('matches without regard to letter case, and only whole passwords', () => {
    for (const password of ['password', 'PASSWORD', 'Password', '123456', 'Dragon1', 'dragon1', 'trustno1'])
      expect(isCommonPassword(password), password).toBe(true);
    for (const password of ['password-for-devcourses', 'secret-pass', ' password', 'correct horse battery staple'])
      expect(isCommonPassword(password), password).toBe(false);
  });
});
