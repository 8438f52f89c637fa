// A domain's DNS check in words: SPF, DKIM, DMARC and MX each Pass / Fail / Missing (the colour only an aid), whether
// mail from it is expected to be delivered, and the check's own messages.
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { formatDateTime, type DomainDnsCheck } from '@bulwark/core';
import { DNS_RESULT_COLORS, DNS_RESULT_LABELS } from '../format.ts';

const RECORDS = ['spf', 'dkim', 'dmarc', 'mx'] as const;

export function DnsResults({ dns }: { dns: DomainDnsCheck | null }) {
  if (!dns)
    return (
      <Text size="sm" c="dimmed">
        Not checked yet
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap">
      {RECORDS.map((r) => (
        <Badge key={r} size="sm" variant="light" color={DNS_RESULT_COLORS[dns[r]]} data-record={r}>
          {`${r.toUpperCase()}: ${DNS_RESULT_LABELS[dns[r]]}`}
        </Badge>
      ))}
    </Group>
  );
}

export function Deliverable({ dns }: { dns: DomainDnsCheck | null }) {
  if (!dns) return <Text size="sm">–</Text>;
  return (
    <Text size="sm" c={dns.deliverable ? undefined : 'red'} fw={dns.deliverable ? undefined : 600}>
      {dns.deliverable ? 'Deliverable' : 'Not deliverable'}
    </Text>
  );
}

export function DnsMessages({ dns }: { dns: DomainDnsCheck | null }) {
  if (!dns || dns.messages.length === 0) return null;
  return (
    <Stack gap={2}>
      <List size="xs">
        {dns.messages.map((m) => (
          <List.Item key={m}>{m}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        Checked {formatDateTime(dns.checked_at)}
      </Text>
    </Stack>
  );
}
