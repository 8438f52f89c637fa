// The live count of what a rule would do now, asked of the server (…/preview/) a moment after the conditions or actions
// stop changing: "Would open 3 tickets for 12 findings." Findings already on an open ticket, ignored, closed, or covered
// by an exception are not counted (the server leaves them out, as the rule itself does).
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { messageOf } from '../../../api/errors.ts';
import { previewRule } from '../rules-api.ts';
import { previewText, spreadText } from '../rule-form.ts';
import type { RuleActionsInput, RuleConditionsInput } from '../rule-schema.ts';

const SETTLE_MS = 500;

export function RulePreview({
  conditions,
  actions,
  ready,
}: {
  conditions: RuleConditionsInput;
  actions: RuleActionsInput;
  ready: boolean;
}) {
  const [asked] = useDebouncedValue(JSON.stringify({ conditions, actions }), SETTLE_MS);
  const preview = useQuery({
    queryKey: ['remediation-rules', 'preview', asked],
    queryFn: ({ signal }) => {
      const body = JSON.parse(asked) as { conditions: RuleConditionsInput; actions: RuleActionsInput };
      return previewRule(body.conditions, body.actions, signal);
    },
    enabled: ready,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

  let body;
  if (!ready) body = <Text size="sm">Complete the conditions to see what the rule would ticket.</Text>;
  else if (preview.isError)
    body = (
      <Group gap="sm" justify="space-between">
        <Text size="sm" c="red">
          {messageOf(preview.error, 'The preview could not be made.')}
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => void preview.refetch()}>
          Try again
        </Button>
      </Group>
    );
  else if (!preview.data) body = <Text size="sm">Counting the matching findings…</Text>;
  else
    body = (
      <>
        <Text size="sm" fw={500} data-testid="rule-preview-count">
          {previewText(preview.data)}
        </Text>
        {spreadText(preview.data) && <Text size="sm">{spreadText(preview.data)}</Text>}
      </>
    );

  return (
    <Alert
      variant="light"
      color="blue"
      title={
        <Group gap="xs">
          <span>What this rule would do now</span>
          {ready && preview.isFetching && <Loader size="xs" role="status" aria-label="Counting" />}
        </Group>
      }
      role="status"
      aria-live="polite"
      data-testid="rule-preview"
    >
      {body}
      <Text size="xs" c="dimmed" mt={4}>
        Open findings only; those already on an open ticket, ignored, or covered by an exception are never ticketed again.
      </Text>
    </Alert>
  );
}
