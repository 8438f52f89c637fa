// Small helpers for the set-based statements of results processing: whole lists passed as ONE parameter (a Postgres array literal or a JSON document) so a batch is one round trip
// whatever its size, with no limit on the number of bind parameters.
export { intArray, jsonRows, textArray } from '../../db/rows.ts';
