// A credential health code as a coloured badge with core's label (after an optional prefix, e.g. 'Authentication: ');
// what happened (the message) as its tooltip and title.
import { Badge, Tooltip } from '@mantine/core';
import { healthColor, healthLabel } from '../credential-format.ts';

export interface CredentialHealthBadgeProps {
  health: string;
  message?: string | null;
  prefix?: string;
  size?: 'sm' | 'md' | 'lg';
}

export function CredentialHealthBadge({ health, message, prefix = '', size = 'md' }: CredentialHealthBadgeProps) {
  const badge = (
    <Badge
      color={healthColor(health)}
      variant="light"
      size={size}
      title={message || undefined}
      // Focusable when it has a message, so keyboard users get the tooltip too.
      tabIndex={message ? 0 : undefined}
      data-health={health}
    >
      {prefix}
      {healthLabel(health)}
    </Badge>
  );
  if (!message) return badge;
  return (
    <Tooltip label={message} multiline maw={360} withArrow>
      {badge}
    </Tooltip>
  );
}
