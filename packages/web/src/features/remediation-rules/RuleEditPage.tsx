// /remediation/policies/edit/{id} ('new' for a new rule): the rule editor. Saving answers with §8's toasts ("Policy
// created." / "Policy updated.") and returns to the list; an existing rule can be run now over what exists.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { MESSAGES, formatDateTime } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { RuleForm } from './components/RuleForm.tsx';
import { useRuleChoices } from './rule-choices.ts';
import { newRuleValues, previewText, ruleInput, ruleValues, type RuleValues } from './rule-form.ts';
import type { RemediationRule } from './rule-schema.ts';
import { RULE_KEYS, createRule, fetchRule, runRule, updateRule } from './rules-api.ts';
import { useRuleAccess } from './rule-access.ts';

export const RULES_PATH = '/remediation/policies';
export const ruleEditPath = (id: number | 'new') => `${RULES_PATH}/edit/${id}`;

function RunNow({ rule }: { rule: RemediationRule }) {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  async function run() {
    setRunning(true);
    setResult(null);
    try {
      const answer = await runRule(rule.id);
      setResult(previewText(answer, true));
      await queryClient.invalidateQueries({ queryKey: RULE_KEYS.all });
    } catch (failure) {
      toastFailure(failure, 'The rule could not be run.');
    } finally {
      setRunning(false);
    }
  }
  return (
    <Stack gap={4} align="flex-end">
      <Button variant="default" onClick={() => void run()} loading={running}>
        Run now
      </Button>
      {result && (
        <Text size="sm" role="status" data-testid="run-result">
          {result}
        </Text>
      )}
    </Stack>
  );
}

function Editor({ rule }: { rule: RemediationRule | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const choices = useRuleChoices();
  const access = useRuleAccess();

  async function save(values: RuleValues) {
    if (rule === null) {
      await createRule(ruleInput(values));
      toastSuccess(MESSAGES.policies.created);
    } else {
      // Position is the list's to change; the editor keeps it.
      const saved = await updateRule(rule.id, { ...ruleInput(values), position: rule.position });
      queryClient.setQueryData(RULE_KEYS.one(saved.id), saved);
      toastSuccess(MESSAGES.policies.updated);
    }
    await queryClient.invalidateQueries({ queryKey: RULE_KEYS.all });
    void navigate(RULES_PATH);
  }

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={rule ? rule.name : 'New rule'}
        description={
          rule?.last_evaluated_at
            ? `Last evaluated ${formatDateTime(rule.last_evaluated_at)}.`
            : 'A rule tickets the findings its conditions match, when scan results are processed and whenever you run it.'
        }
        actions={rule && access.execute ? <RunNow rule={rule} /> : undefined}
      />
      <RuleForm
        initial={rule ? ruleValues(rule) : newRuleValues()}
        creating={rule === null}
        choices={choices}
        onSave={save}
        onCancel={() => void navigate(RULES_PATH)}
        readOnly={rule === null ? !access.create : !access.update}
      />
    </Stack>
  );
}

function EditExisting({ id }: { id: number }) {
  const { data, error, refetch } = useQuery({ queryKey: RULE_KEYS.one(id), queryFn: ({ signal }) => fetchRule(id, signal) });
  if (error)
    return (
      <Alert color="red" variant="light" role="alert" title="The rule cannot be shown">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{messageOf(error, 'The rule could not be loaded.')}</Text>
          <Button size="compact-sm" variant="light" color="red" onClick={() => void refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  if (!data) return <PageLoader label="Loading the rule…" />;
  return <Editor key={data.id} rule={data} />;
}

export default function RuleEditPage() {
  const { id } = useParams();
  if (id === 'new') return <Editor rule={null} />;
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0)
    return (
      <Alert color="red" variant="light" role="alert" title="No such rule">
        The address does not name a rule.
      </Alert>
    );
  return <EditExisting id={n} />;
}
