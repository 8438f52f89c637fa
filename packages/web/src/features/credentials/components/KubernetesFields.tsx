// The fields of a Kubernetes credential: the API server's URL and a service-account token.
import { Stack } from '@mantine/core';
import { CredentialSecret } from './CredentialSecret.tsx';
import type { CredentialFieldsProps } from '../fields.ts';
import { TextField } from './CommonFields.tsx';

export function KubernetesFields({ form, saved }: CredentialFieldsProps) {
  return (
    <Stack gap="md">
      <TextField
        form={form}
        field="url"
        label="API server URL"
        description="The cluster's Kubernetes API, e.g. https://k8s.example.com:6443."
        placeholder="https://"
      />
      <CredentialSecret
        label="Token"
        description="A service-account token with read access to the cluster."
        saved={saved.has('token')}
        input={form.getInputProps('token')}
        required
      />
    </Stack>
  );
}
