// Admin passwords: at least 12 characters (the shared schema) and not one of the 49,233 most common passwords
// (assets/common-passwords.txt, the zxcvbn-ts frequency list). The list is read once, at the first check; the
// compiled server finds it beside itself (scripts/copy-migrations.mjs copies it into dist).
import { readFileSync } from 'node:fs';
import { badRequest } from '../../errors.js';

export const COMMON_PASSWORD_MESSAGE =
  'This password is in a list of commonly used passwords that attackers try first. Please choose another one.';

const LIST_URL = new URL('../../assets/common-passwords.txt', import.meta.url);

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(LIST_URL, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

/** The list is lower-case; a password differing only in case is just as guessable. */
export const isCommonPassword = (password: string) => commonPasswords().has(password.trim().toLowerCase());

export function assertPasswordAllowed(password: string): void {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE, 'PASSWORD_REFUSED');
}
