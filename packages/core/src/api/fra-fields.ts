// Field schemas the phishing and training payloads share (not exported from the package: each file exports its own).
import { z } from 'zod';
import { LANGUAGES } from '../codes/training.ts';
import { ID_MAX } from './fields.ts';

export const id = z.number({ error: 'Give an id.' }).int('Give an id.').positive('Give an id.').max(ID_MAX, 'No such id.');
export const ids = (what: string, max = 10_000) =>
  z.array(id, { error: `${what}: give a list of ids.` }).max(max, `${what}: at most ${max}.`);
export const text = (max: number) => z.string().max(max, `Ensure this field has no more than ${max} characters.`);
export const language = z.enum(LANGUAGES, { error: `Choose one of: ${LANGUAGES.join(', ')}.` });
export const at = z.string().nullable();
