// A website's TLS as its last run read it: protocol and cipher, the certificate's subject, issuer, names and validity,
// whether the chain verifies and the certificate names the host (with OpenSSL's reason when not), and its fingerprint.
import { SimpleGrid, Text } from '@mantine/core';
import { formatDateTime, type TlsDetails } from '@bulwark/core';
import { Fact } from '../../../components/Fact.tsx';
import { formatDaysLeft } from '../monitor-format.ts';

const yesNo = (ok: boolean, yes: string, no: string) => (
  <Text component="span" size="sm" c={ok ? undefined : 'red'}>
    {ok ? `✓ ${yes}` : `✕ ${no}`}
  </Text>
);

export function TlsFacts({ tls }: { tls: TlsDetails | null }) {
  if (!tls)
    return (
      <Text size="sm" c="dimmed">
        No TLS: the website answered over plain HTTP, or did not answer.
      </Text>
    );
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="md" m={0}>
      <Fact label="Protocol">{[tls.protocol, tls.cipher].filter(Boolean).join(' · ') || '–'}</Fact>
      <Fact label="Subject">{tls.subject ?? '–'}</Fact>
      <Fact label="Issuer">{tls.issuer ?? '–'}</Fact>
      <Fact label="Names">{tls.san.length ? tls.san.join(', ') : '–'}</Fact>
      <Fact label="Valid from">{tls.valid_from ? formatDateTime(tls.valid_from) : '–'}</Fact>
      <Fact label="Valid to">
        {tls.valid_to
          ? `${formatDateTime(tls.valid_to)} (${formatDaysLeft(tls.days_left)}${tls.days_left !== null && tls.days_left >= 0 ? ' left' : ''})`
          : '–'}
      </Fact>
      <Fact label="Chain">{yesNo(tls.chain_ok, 'Verifies against trusted roots', tls.error ?? 'Does not verify')}</Fact>
      <Fact label="Host name">{yesNo(tls.name_ok, 'Named by the certificate', 'Not named by the certificate')}</Fact>
      <Fact label="SHA-256 fingerprint">
        <Text component="span" size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {tls.fingerprint_sha256 ?? '–'}
        </Text>
      </Fact>
    </SimpleGrid>
  );
}
