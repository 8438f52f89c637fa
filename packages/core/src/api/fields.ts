// Field schemas several API areas share (not exported from the package: each area exports its own payloads).
import { z } from 'zod';

export const blank = 'This field may not be blank.';
export const name = z.string().trim().min(1, blank).max(200, 'Ensure this field has no more than 200 characters.');
