// A policy score (0-100) as a coloured badge: green from 80, yellow from 50, red below; a dash before there is one.
import { Badge, Text } from '@mantine/core';
import { scoreColor, scoreText } from './policy-format.ts';

export function ScoreBadge({ score, label = 'Score' }: { score: number | null; label?: string }) {
  if (score === null) {
    return (
      <Text size="sm" c="dimmed" aria-label={`${label}: none yet`}>
        –
      </Text>
    );
  }
  return (
    <Badge color={scoreColor(score)} variant="light" aria-label={`${label}: ${scoreText(score)}`} data-testid="policy-score">
      {scoreText(score)}
    </Badge>
  );
}
