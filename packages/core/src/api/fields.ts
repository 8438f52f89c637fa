// Field schemas several API areas share (not exported from the package: each area exports its own payloads).
import { z } from 'zod';
import { isTimeZone, TIME_OF_DAY, TIME_OF_DAY_MESSAGE, TIME_ZONE_MESSAGE } from '../validators/time.ts';

export const blank = 'This field may not be blank.';
export const name = z.string().trim().min(1, blank).max(200, 'Ensure this field has no more than 200 characters.');

/** A time of day, HH:mm. */
export const timeOfDay = z.string().regex(TIME_OF_DAY, TIME_OF_DAY_MESSAGE);
/** An IANA time zone the runtime knows. */
export const timeZoneName = z.string().trim().refine(isTimeZone, TIME_ZONE_MESSAGE);

/** Ids are PostgreSQL integers: a larger number names nothing (and must not reach the database as one). */
export const ID_MAX = 2_147_483_647;
