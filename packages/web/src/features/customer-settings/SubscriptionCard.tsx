// The customer's subscription, read-only (the provider sets it): tier, licence end date with the days to expiration,
// how many scan tasks may run at once, and the assets that count against the subscription (GET usage/).
import { Card, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Customer } from '@bulwark/core';
import { tierLabel } from '../../components/account-labels.ts';
import { Fact } from '../../components/Fact.tsx';
import { CUSTOMER_SETTINGS_KEYS, fetchAssetUsage } from './customer-settings-api.ts';
import { licenceFacts, taskLimitText, usagePercent, usageText, type LicenceTone } from './settings-form.ts';

const HEADING_ID = 'subscription-heading';
const LICENCE_COLORS: Record<LicenceTone, string | undefined> = {
  expired: 'red',
  expiring: 'orange',
  active: undefined,
  none: undefined,
};

function Usage() {
  const usage = useQuery({ queryKey: CUSTOMER_SETTINGS_KEYS.usage, queryFn: ({ signal }) => fetchAssetUsage(signal) });
  if (usage.isPending) return <>Loading…</>;
  if (usage.isError) return <>Not available</>;
  const percent = usagePercent(usage.data);
  return (
    <Stack gap={4}>
      <span data-testid="asset-usage">{usageText(usage.data)}</span>
      {percent !== null && (
        <Progress
          value={percent}
          color={percent >= 100 ? 'red' : percent >= 90 ? 'orange' : 'blue'}
          size="sm"
          maw={220}
          aria-label={`${percent}% of the assets the subscription allows`}
        />
      )}
    </Stack>
  );
}

export function SubscriptionCard({ customer }: { customer: Customer }) {
  const licence = licenceFacts(customer);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={HEADING_ID}>
            Subscription
          </Title>
          <Text size="sm" c="dimmed">
            Set by your provider; contact them to change it.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} component="dl" m={0} spacing="md">
          <Fact label="Tier">{tierLabel(customer.subscription_tier)}</Fact>
          <Fact label="Licence ends">
            <Stack gap={0} component="span">
              {licence.date && <span>{licence.date}</span>}
              <Text
                component="span"
                size={licence.date ? 'xs' : 'sm'}
                c={LICENCE_COLORS[licence.tone] ?? (licence.date ? 'dimmed' : undefined)}
                fw={licence.tone === 'expired' ? 600 : undefined}
                data-testid="licence"
                data-licence={licence.tone}
              >
                {licence.text}
              </Text>
            </Stack>
          </Fact>
          <Fact label="Scan tasks at once">
            <span data-testid="task-limit">{taskLimitText(customer.max_concurrent_tasks)}</span>
          </Fact>
          <Fact label="Assets">
            <Usage />
          </Fact>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
