import type { ReactNode } from 'react';
import { Group, Paper } from '@mantine/core';
import './sticky-action-bar.css';

/**
 * A bar that stays at the bottom of the screen while the page scrolls, so the page's next step is
 * always in reach of a thumb. A named region: screen readers find it by its label.
 */
export function StickyActionBar({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      component="section"
      aria-label={label}
      className="sticky-action-bar"
      shadow="md"
      radius="lg"
      p="sm"
      withBorder
      data-testid={testId}
    >
      <Group gap="sm" justify="flex-end" wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}
