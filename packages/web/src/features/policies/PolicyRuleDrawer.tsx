// The details of one rule on one host, in a drawer: its result and severity, host and rule id, the evaluator's message,
// and the evidence lines (what was read on the host and why the rule came out as it did).
import { Code, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fact } from '../../components/Fact.tsx';
import type { PolicyRuleRow } from './policy-runs-api.ts';
import { RuleResultBadge, RuleSeverityBadge } from './RuleBadges.tsx';

export function PolicyRuleDrawer({ rule, onClose }: { rule: PolicyRuleRow | null; onClose(): void }) {
  return (
    <Drawer
      opened={rule !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={rule?.title ?? 'Rule'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {rule && (
        <Stack gap="md" data-testid="rule-details">
          <Group gap="xs">
            <RuleResultBadge result={rule.result} label={rule.result_label} />
            <RuleSeverityBadge severity={rule.severity} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
            <Fact label="Host">{rule.address}</Fact>
            <Fact label="Rule">
              <Text span size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {rule.rule_id}
              </Text>
            </Fact>
          </SimpleGrid>
          {rule.message && (
            <Stack gap={4}>
              <Title order={3} size="h5">
                Message
              </Title>
              <Text size="sm">{rule.message}</Text>
            </Stack>
          )}
          <Stack gap={4} component="section" aria-labelledby="rule-evidence-heading">
            <Title order={3} size="h5" id="rule-evidence-heading">
              Evidence
            </Title>
            {rule.evidence.length === 0 ? (
              <Text size="sm" c="dimmed">
                No evidence was recorded for this rule.
              </Text>
            ) : (
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="rule-evidence">
                {rule.evidence.join('\n')}
              </Code>
            )}
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
