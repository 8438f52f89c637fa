// Plain-language default messages for schema validation (DRF-like), so API field errors read well; set once on import.
import { z } from 'zod';

const TYPE_MESSAGES: Record<string, string> = {
  string: 'Not a valid string.',
  number: 'A valid number is required.',
  int: 'A valid integer is required.',
  boolean: 'Must be a valid boolean.',
  array: 'Expected a list of items.',
  object: 'Expected an object with fields.',
  date: 'A valid date is required.',
};

z.config({
  customError(issue) {
    if (issue.code === 'invalid_type') {
      if (issue.input === undefined) return 'This field is required.';
      if (issue.input === null) return 'This field may not be null.';
      return TYPE_MESSAGES[issue.expected] ?? undefined;
    }
    if (issue.code === 'unrecognized_keys') return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
    if (issue.code === 'invalid_value') return `Must be one of: ${issue.values.map(String).join(', ')}.`;
    return undefined;
  },
});

export const ZOD_MESSAGES_SET = true;
