// A preview of the chosen policy: its benchmark, version and platforms, and the rules it checks with their severities
// (the first few at once, the rest on demand), so the user sees what a scan with it will evaluate.
import { useState } from 'react';
import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isApiError, messageOf } from '../../api/errors.ts';
import { policyQuery } from './policy-queries.ts';
import { ruleSeverityColor, rulesText, SEVERITY_LABELS } from './policy-format.ts';

/** Rules listed before "Show all". */
export const PREVIEW_RULES = 8;

export function PolicyRulePreview({ policyId }: { policyId: string }) {
  const [all, setAll] = useState(false);
  const { data: policy, error, isPending } = useQuery(policyQuery(policyId));
  if (error) {
    const missing = isApiError(error) && error.status === 404;
    return (
      <Alert color="yellow" variant="light" role="status">
        {missing ? 'Policy no longer in the library.' : messageOf(error, 'The rules of this policy could not be loaded.')}
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Text size="sm" c="dimmed">
        Loading the rules of the policy…
      </Text>
    );
  }
  const rules = all ? policy.rule_list : policy.rule_list.slice(0, PREVIEW_RULES);
  const hidden = policy.rule_list.length - rules.length;
  return (
    <Stack gap="xs" component="section" aria-label="Rules of the chosen policy" data-testid="policy-preview">
      <Text size="sm">
        <Text span fw={500}>
          {policy.benchmark}
        </Text>
        {policy.version ? `, version ${policy.version}` : ''} · {rulesText(policy.rules)}
        {policy.platforms.length > 0 ? ` · for ${policy.platforms.join(', ')}` : ''}
      </Text>
      {policy.description && (
        <Text size="xs" c="dimmed" lineClamp={3}>
          {policy.description}
        </Text>
      )}
      {policy.rule_list.length === 0 ? (
        <Text size="sm" c="dimmed">
          This policy selects no rules.
        </Text>
      ) : (
        <List size="sm" spacing={4} listStyleType="none" ml={0} pl={0} mah={all ? 320 : undefined} style={{ overflow: 'auto' }}>
          {rules.map((rule) => (
            <List.Item key={rule.id}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Badge size="xs" variant="light" color={ruleSeverityColor(rule.severity)} miw={64}>
                  {SEVERITY_LABELS[rule.severity]}
                </Badge>
                <Text size="sm" title={rule.id}>
                  {rule.title}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {(hidden > 0 || all) && policy.rule_list.length > PREVIEW_RULES && (
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => setAll((v) => !v)} aria-expanded={all}>
            {all ? 'Show fewer rules' : `Show all ${policy.rule_list.length} rules`}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
