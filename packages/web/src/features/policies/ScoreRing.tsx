// A policy score (0-100) as a ring with the number in its middle, readable by screen readers as one image with a name.
import { RingProgress, Text } from '@mantine/core';
import { scoreColor, scoreText } from './policy-format.ts';

export function ScoreRing({ score, size = 140, label = 'Score' }: { score: number | null; size?: number; label?: string }) {
  const value = score === null ? 0 : Math.min(100, Math.max(0, score));
  const text = score === null ? 'No score' : scoreText(score);
  return (
    <RingProgress
      size={size}
      thickness={Math.max(8, Math.round(size / 10))}
      roundCaps
      role="img"
      aria-label={`${label}: ${text}`}
      data-testid="score-ring"
      sections={score === null ? [] : [{ value, color: scoreColor(score) }]}
      label={
        <Text ta="center" fw={700} size={size >= 120 ? 'xl' : 'sm'} aria-hidden>
          {score === null ? '–' : scoreText(score)}
        </Text>
      }
    />
  );
}
