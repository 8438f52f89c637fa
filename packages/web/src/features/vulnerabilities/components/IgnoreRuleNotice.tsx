// On an issue's page, when it is ignored on all its assets: what the rule says (kind, reason, until when, who, why) —
// findings it gets later start ignored the same way — and "Un-ignore on all assets", which ends the rule.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IGNORE_KIND, type IssueDetails } from '@bulwark/core';
import { toastFailure, toastSuccess } from '../../../components/toasts.tsx';
import { unignoreIssue, VULN_KEYS } from '../api/vulnerabilities-api.ts';
import { dayText } from '../vulnerability-format.ts';

export function IgnoreRuleNotice({ issue }: { issue: IssueDetails }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const rule = issue.ignore_rule;
  if (!rule) return null;
  const what = rule.kind === IGNORE_KIND.disabled ? 'Disabled' : 'Ignored';

  async function end() {
    setBusy(true);
    try {
      const n = await unignoreIssue(issue.hid);
      toastSuccess(`No longer ignored on all assets; ${n} ${n === 1 ? 'finding counts' : 'findings count'} again.`);
      await queryClient.invalidateQueries({ queryKey: VULN_KEYS.all });
    } catch (failure) {
      toastFailure(failure, 'Cannot un-ignore the vulnerability.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Alert color="gray" variant="light" role="status" title={`${what} on all assets`}>
      <Stack gap="xs">
        <Text size="sm">
          {[
            rule.reason_label,
            rule.expires_at ? `until ${dayText(rule.expires_at)}` : 'with no end date',
            rule.by ? `by ${rule.by.email}` : null,
            rule.at ? `on ${dayText(rule.at)}` : null,
          ]
            .filter(Boolean)
            .join(', ')}
          . Findings of it on other assets start {what.toLowerCase()} the same way.
        </Text>
        {rule.comment && (
          <Text size="sm" fs="italic">
            “{rule.comment}”
          </Text>
        )}
        <Group>
          <Button size="xs" variant="light" color="gray" loading={busy} onClick={() => void end()}>
            Un-ignore on all assets
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
