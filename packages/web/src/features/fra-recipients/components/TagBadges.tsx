// A recipient's tags as small badges with their names.
import { Badge, Group, Text } from '@mantine/core';

export function TagBadges({ tags }: { tags: readonly { id: number; name: string; color: string | null }[] }) {
  if (tags.length === 0)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return (
    <Group gap={4}>
      {tags.map((t) => (
        <Badge key={t.id} size="sm" variant="outline" color={t.color ?? 'gray'}>
          {t.name}
        </Badge>
      ))}
    </Group>
  );
}
