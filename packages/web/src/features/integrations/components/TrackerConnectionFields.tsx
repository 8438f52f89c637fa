// How Bulwark reaches a tracker: on or off, its address, the account and its secret (API token, personal access token or
// password — answered masked), and where new issues go: Jira's deployment, project and issue type; ServiceNow's table and
// assignment group; TOPdesk's operator, operator group, category, subcategory and call type.
import { Radio, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { JIRA_DEPLOYMENTS, JIRA_DEPLOYMENT_LABELS, type Tracker, type TrackerSettings } from '@bulwark/core';
import { URL_EXAMPLES, hasSavedToken, tokenName, trackerLabel, type TrackerValues } from '../tracker-form.ts';
import { SecretField } from './SecretField.tsx';

export interface TrackerFieldsProps {
  tracker: Tracker;
  form: UseFormReturnType<TrackerValues>;
  settings: TrackerSettings;
}

const TOKEN_HELP: Record<string, string> = {
  cloud: 'Created at id.atlassian.com › Security › API tokens, for the account above. Stored encrypted.',
  datacenter:
    'A personal access token (Profile › Personal Access Tokens) of the user Bulwark acts as; sent as a Bearer token. Stored encrypted.',
  servicenow:
    'The password of the integration user (Basic authentication), or an OAuth access token when the user is left empty. Stored encrypted.',
  topdesk: 'An application password of the operator (My settings › Application passwords). Stored encrypted.',
};

function Specifics({ tracker, form }: Omit<TrackerFieldsProps, 'settings'>) {
  const on = form.values.enabled;
  if (tracker === 'jira')
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...form.getInputProps('project_key')}
          label="Project key"
          description="New issues are created in this project."
          placeholder="SEC"
          withAsterisk={on}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => form.setFieldValue('project_key', e.currentTarget.value.toUpperCase())}
        />
        <TextInput
          {...form.getInputProps('issue_type')}
          label="Issue type"
          description="As the project names it: Task, Bug, or one of your own."
          placeholder="Task"
          withAsterisk={on}
          autoComplete="off"
        />
      </SimpleGrid>
    );
  if (tracker === 'servicenow')
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          {...form.getInputProps('table')}
          label="Table"
          description="incident, or a table of your own with the same fields."
          placeholder="incident"
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput
          {...form.getInputProps('assignment_group')}
          label="Assignment group"
          description="Name or sys_id; empty leaves it to your routing rules."
          autoComplete="off"
        />
        <TextInput
          {...form.getInputProps('close_code')}
          label="Close code"
          description="Set when Bulwark resolves a record (e.g. Solved (Permanently))."
          autoComplete="off"
        />
      </SimpleGrid>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput
        {...form.getInputProps('operator')}
        label="Operator"
        description="Name or id; empty leaves it unassigned."
        autoComplete="off"
      />
      <TextInput {...form.getInputProps('operator_group')} label="Operator group" autoComplete="off" />
      <TextInput {...form.getInputProps('call_type')} label="Call type" placeholder="Incident" autoComplete="off" />
      <TextInput {...form.getInputProps('category')} label="Category" autoComplete="off" />
      <TextInput {...form.getInputProps('subcategory')} label="Subcategory" autoComplete="off" />
    </SimpleGrid>
  );
}

export function TrackerConnectionFields({ tracker, form, settings }: TrackerFieldsProps) {
  const on = form.values.enabled;
  const label = trackerLabel(tracker);
  const secret = tokenName(tracker, form.values.deployment);
  const cloud = tracker === 'jira' && form.values.deployment === 'cloud';
  const help = tracker === 'jira' ? TOKEN_HELP[form.values.deployment] : TOKEN_HELP[tracker];
  return (
    <Stack gap="md">
      <Switch
        {...form.getInputProps('enabled', { type: 'checkbox' })}
        label={`Sync tickets with ${label}`}
        description={`While off, nothing is sent to ${label} and its changes are not read; tickets keep their links.`}
      />
      {tracker === 'jira' && (
        <Radio.Group {...form.getInputProps('deployment')} label="Deployment">
          <Stack gap={6} mt={6}>
            {JIRA_DEPLOYMENTS.map((d) => (
              <Radio key={d} value={d} label={JIRA_DEPLOYMENT_LABELS[d]} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <TextInput
        {...form.getInputProps('url')}
        label={`${label} URL`}
        description={`The address of your ${label} as Bulwark’s server reaches it.`}
        placeholder={URL_EXAMPLES[tracker]}
        withAsterisk={on}
        autoComplete="off"
        spellCheck={false}
        type="url"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...form.getInputProps('username')}
          label={cloud ? 'Account e-mail' : tracker === 'jira' ? 'User (optional)' : 'User'}
          description={
            cloud
              ? 'The Atlassian account Bulwark acts as; issues show it as their reporter.'
              : tracker === 'jira'
                ? 'Not needed with a personal access token.'
                : 'The integration user Bulwark signs in as.'
          }
          withAsterisk={on && (cloud || tracker !== 'jira')}
          autoComplete="off"
          spellCheck={false}
        />
        <SecretField
          label={secret}
          name={secret.toLowerCase()}
          description={help}
          saved={hasSavedToken(settings)}
          mode={form.values.token_mode}
          onModeChange={(mode) => form.setFieldValue('token_mode', mode)}
          input={form.getInputProps('token')}
          required={on}
        />
      </SimpleGrid>
      <Specifics tracker={tracker} form={form} />
    </Stack>
  );
}
