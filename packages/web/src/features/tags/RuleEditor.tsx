// The rules of a dynamic tag: one row per condition (field, operator, value), all of which must hold, with a button to
// add and one to remove each; and a preview of the assets the rules match, asked of the server before saving.
import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, List, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  TAG_RULE_FIELD_LABELS,
  TAG_RULE_FIELDS,
  TAG_RULE_OPERATOR_LABELS,
  TAG_RULE_OPERATORS,
  validateTagRule,
  type AssetPreview,
  type TagRule,
  type TagRuleField,
} from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { previewRules } from './tags-api.ts';
import { newRule, ruleValue, valueChoices } from './tag-format.ts';

const FIELD_OPTIONS = TAG_RULE_FIELDS.map((f) => ({ value: f, label: TAG_RULE_FIELD_LABELS[f] }));

export function RuleEditor({
  rules,
  onChange,
  error,
  unified,
}: {
  rules: TagRule[];
  onChange(rules: TagRule[]): void;
  error?: string;
  unified: boolean;
}) {
  const [preview, setPreview] = useState<AssetPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (i: number, rule: TagRule) => {
    setPreview(null);
    onChange(rules.map((r, j) => (j === i ? rule : r)));
  };

  async function runPreview() {
    setBusy(true);
    setPreviewError(null);
    try {
      setPreview(await previewRules(rules, unified));
    } catch (failure) {
      setPreview(null);
      setPreviewError(messageOf(failure, 'The preview could not be made.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs" role="group" aria-label="Rules">
      <Text size="sm" fw={500}>
        Rules (an asset gets the tag when all of them hold)
      </Text>
      {rules.map((rule, i) => {
        const choices = valueChoices(rule.field);
        const problem = validateTagRule(rule);
        return (
          <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
            <Select
              aria-label={`Rule ${i + 1} field`}
              data={FIELD_OPTIONS}
              value={rule.field}
              allowDeselect={false}
              onChange={(v) => v && set(i, newRule(v as TagRuleField))}
              w={180}
            />
            <Select
              aria-label={`Rule ${i + 1} operator`}
              data={TAG_RULE_OPERATORS[rule.field].map((o) => ({ value: o, label: TAG_RULE_OPERATOR_LABELS[o] ?? o }))}
              value={rule.operator}
              allowDeselect={false}
              onChange={(v) => v && set(i, { ...rule, operator: v })}
              w={150}
            />
            {choices ? (
              <Select
                aria-label={`Rule ${i + 1} value`}
                data={choices}
                value={String(rule.value)}
                allowDeselect={false}
                onChange={(v) => v !== null && set(i, { ...rule, value: ruleValue(rule.field, v) })}
                w={200}
              />
            ) : (
              <TextInput
                aria-label={`Rule ${i + 1} value`}
                value={String(rule.value)}
                onChange={(e) => set(i, { ...rule, value: ruleValue(rule.field, e.currentTarget.value) })}
                error={rule.value !== '' && problem ? problem : undefined}
                placeholder={rule.field === 'address' ? '10.0.0.0/24 or 10.0.0.1-10.0.0.50' : undefined}
                w={240}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onChange(rules.filter((_, j) => j !== i))}
              aria-label={`Remove rule ${i + 1}`}
              mt={4}
            >
              ×
            </ActionIcon>
          </Group>
        );
      })}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group gap="xs">
        <Button variant="light" size="compact-sm" onClick={() => onChange([...rules, newRule('address')])}>
          Add rule
        </Button>
        <Button
          variant="default"
          size="compact-sm"
          onClick={() => void runPreview()}
          loading={busy}
          disabled={rules.length === 0 || rules.some((r) => validateTagRule(r) !== null)}
        >
          Preview matching assets
        </Button>
      </Group>
      {previewError && (
        <Alert color="red" variant="light" role="alert">
          {previewError}
        </Alert>
      )}
      {preview && (
        <Alert color="blue" variant="light" aria-label="Preview">
          <Text size="sm" fw={500}>
            {preview.count === 1 ? '1 asset matches.' : `${preview.count} assets match.`}
          </Text>
          {preview.results.length > 0 && (
            <List size="sm" mt={4}>
              {preview.results.map((a) => (
                <List.Item key={a.id}>{a.asset_name}</List.Item>
              ))}
              {preview.count > preview.results.length && <List.Item>… and {preview.count - preview.results.length} more</List.Item>}
            </List>
          )}
        </Alert>
      )}
    </Stack>
  );
}
