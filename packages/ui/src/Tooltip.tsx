import { Tooltip as MantineTooltip, type TooltipProps as MantineTooltipProps } from '@mantine/core';

export type TooltipProps = MantineTooltipProps;

/**
 * Mantine's tooltip, opened by focus and touch as well as hover: a keyboard user or a technician
 * on a tablet must be able to read it too. The child must be focusable (a button, a link).
 */
export function Tooltip({ events, ...props }: TooltipProps) {
  return <MantineTooltip events={{ hover: true, focus: true, touch: true, ...events }} multiline maw={280} {...props} />;
}
