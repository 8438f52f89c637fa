// /vm/unified-vulnerabilities/kb/{hid} and cp/{cp}: missing patches and cloud policy findings have no source in Bulwark
// yet; each page says so plainly and leads back to the list. (pat/{hid}, phishing results, is PatFindingPage.)
import { Link, useLocation, useParams } from 'react-router';
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';
import { LIST_PATH } from './vulnerability-format.ts';

const KINDS = {
  kb: {
    title: 'Missing patch',
    text: 'Missing patches come from authenticated scans, which read the installed updates of a host. Bulwark does not run authenticated scans yet, so no missing patch is recorded.',
  },
  cp: {
    title: 'Cloud policy finding',
    text: 'Cloud policy findings come from cloud account scans, which Bulwark does not run yet, so no cloud policy finding is recorded.',
  },
} as const;

export default function OtherFindingPage() {
  const { pathname } = useLocation();
  const params = useParams();
  const kind = pathname.includes('/unified-vulnerabilities/kb/') ? 'kb' : 'cp';
  const id = params.hid ?? params.cp ?? '';
  const { title, text } = KINDS[kind];
  return (
    <Stack gap="md">
      <Anchor component={Link} to={LIST_PATH} size="sm">
        ← Vulnerabilities
      </Anchor>
      <PageHeader title={id ? `${title} ${id}` : title} />
      <Card withBorder padding="lg">
        <Stack gap="xs" role="status">
          <Text fw={600}>Nothing recorded of this kind.</Text>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
          <Anchor component={Link} to={LIST_PATH} size="sm">
            See the vulnerabilities scans found
          </Anchor>
        </Stack>
      </Card>
    </Stack>
  );
}
