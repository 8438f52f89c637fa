// "How to fix" on an asset's findings tab (issue 26): its open findings grouped by the fix (unified-assets/{id}/
// solutions/), so one upgrade shows once with every CVE and test finding it fixes, the most urgent first; how many
// findings have no known fix yet. Nothing shows while it loads or when it cannot be read (the list below still does).
import { Link } from 'react-router';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { assetSolutions, issueRoute, SEVERITY_LABELS, type AssetSolutions as Solutions, type Severity } from '@bulwark/core';
import { api } from '../../../api/client.ts';

/** GET unified-assets/{id}/solutions/. */
export function fetchAssetSolutions(assetId: number, signal?: AbortSignal): Promise<Solutions> {
  return api.get(`unified-assets/${assetId}/solutions/`, { signal, schema: assetSolutions });
}

/** Badge colours by severity, Info to Critical (as the asset page's). */
const SEVERITY_COLORS = ['gray', 'blue', 'yellow', 'orange', 'red'];

/** How many weaknesses a fix lists by name before "and N more". */
const SHOWN = 8;

export function AssetSolutions({ assetId }: { assetId: number }) {
  const { data } = useQuery({
    queryKey: ['vulnerabilities', 'solutions', assetId],
    queryFn: ({ signal }) => fetchAssetSolutions(assetId, signal),
    retry: false,
  });
  if (!data || (data.results.length === 0 && data.without_solution === 0)) return null;
  return (
    <Card withBorder padding="md" component="section" aria-label="How to fix">
      <Stack gap="sm">
        <Title order={3} size="h5">
          How to fix
        </Title>
        {data.results.length > 0 && (
          <Stack gap="xs" component="ol" m={0} pl="md" aria-label="Fixes">
            {data.results.map((g) => (
              <li key={g.solution}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge color={SEVERITY_COLORS[g.severity as Severity]} variant="light" miw={70}>
                    {SEVERITY_LABELS[g.severity as Severity]}
                  </Badge>
                  <Stack gap={2}>
                    <Text size="sm" fw={500}>
                      {g.solution}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Fixes {g.fixes.length === 1 ? '' : `${g.fixes.length}: `}
                      {g.fixes.slice(0, SHOWN).map((f, i) => (
                        <span key={f.hid}>
                          {i > 0 && ', '}
                          <Anchor component={Link} to={issueRoute(f.hid)} size="xs">
                            {f.hid.startsWith('nvt-') ? f.name : f.hid}
                          </Anchor>
                        </span>
                      ))}
                      {g.fixes.length > SHOWN && ` and ${g.fixes.length - SHOWN} more`}
                    </Text>
                  </Stack>
                </Group>
              </li>
            ))}
          </Stack>
        )}
        {data.without_solution > 0 && (
          <Text size="xs" c="dimmed">
            {data.without_solution === 1 ? '1 open finding has' : `${data.without_solution} open findings have`} no known solution yet.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
