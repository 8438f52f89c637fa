// The status of a feed import as a coloured badge: queued gray, running blue, done green, failed red.
import { Badge } from '@mantine/core';
import type { FeedImport } from '@bulwark/core';
import { IMPORT_STATUS_COLORS, importStatusLabel } from '../intel-format.ts';

export function ImportStatusBadge({ status }: { status: FeedImport['status'] }) {
  return (
    <Badge color={IMPORT_STATUS_COLORS[status]} variant="light" miw="max-content">
      {importStatusLabel(status)}
    </Badge>
  );
}
