// A host's (or a run's) rule results in numbers: Pass, Fail, Error, Not applicable … as a short labelled list of badges.
import { Badge, Group } from '@mantine/core';
import type { PolicyCounts } from '@bulwark/core';
import { countItems } from './policy-format.ts';

export function CountsLine({ counts, label = 'Rule results' }: { counts: PolicyCounts; label?: string }) {
  return (
    <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label} wrap="wrap">
      {countItems(counts).map((item) => (
        <li key={item.result} data-count={item.result}>
          <Badge color={item.color} variant={item.count > 0 ? 'light' : 'outline'} size="sm">
            {item.label}: {item.count}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
