// What went wrong in one import: the failure message, and the skipped records with their positions (folded when long).
import { List, Spoiler, Stack, Text } from '@mantine/core';
import type { FeedImport } from '@bulwark/core';
import { formatCount, SHOWN_IMPORT_ERRORS } from '../intel-format.ts';

export function ImportProblems({ item }: { item: FeedImport }) {
  const failure = item.status === 'failed' && item.message ? item.message : null;
  if (!failure && item.errors.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        None
      </Text>
    );
  }
  const shown = item.errors.slice(0, SHOWN_IMPORT_ERRORS);
  return (
    <Stack gap={4}>
      {failure && (
        <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
          {failure}
        </Text>
      )}
      {shown.length > 0 && (
        <Spoiler
          maxHeight={60}
          showLabel={`Show all ${formatCount(item.errors.length)} problems`}
          hideLabel="Show fewer"
          showAriaLabel={`Show all problems of import ${item.id}`}
          hideAriaLabel={`Show fewer problems of import ${item.id}`}
        >
          <List size="xs" spacing={2} listStyleType="none" aria-label={`Problems of import ${item.id}`}>
            {shown.map((problem, index) => (
              // Positions and messages without spaces (a URL, a JSON pointer) wrap instead of running under the next column.
              <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
                <Text span size="xs" ff="monospace">
                  {problem.position}
                </Text>
                : {problem.message}
              </List.Item>
            ))}
          </List>
        </Spoiler>
      )}
    </Stack>
  );
}
