// Password hashing (argon2id) and the password policy: length, not the e-mail, not a commonly breached password.
import { hash, verify } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1024;

// Algorithm.Argon2id is a const enum in the typings; 2 is its value.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not reveal accounts. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('bulwark-dummy-password-for-timing');
  return dummyHash;
}

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (!common) {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt');
    common = new Set(
      readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim().toLowerCase())
        .filter((l) => l && !l.startsWith('#')),
    );
  }
  return common;
}

/** Problems with a new password, as messages a person understands; empty when it is acceptable. */
export function passwordProblems(password: string, email?: string): string[] {
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.push(`This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) problems.push(`This password is too long (at most ${MAX_PASSWORD_LENGTH} characters).`);
  const lower = password.toLowerCase();
  const stripped = lower.replace(/[0-9!@#$%^&*?._-]+$/, '');
  if (commonPasswords().has(lower) || (stripped.length >= 4 && commonPasswords().has(stripped))) {
    problems.push('This password is too common: it appears in lists of breached passwords.');
  } else if (/^(.)\1+$/.test(password) || /^(0123456789|1234567890|abcdefghij)/i.test(password)) {
    problems.push('This password is too easy to guess.');
  }
  if (email) {
    const local = email.toLowerCase().split('@')[0] ?? '';
    if (lower === email.toLowerCase() || (local.length >= 4 && lower.includes(local))) {
      problems.push('The password is too similar to the e-mail address.');
    }
  }
  return problems;
}
