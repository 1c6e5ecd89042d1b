import { useState } from 'react';
import { Button, Collapse, Group, Paper, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LeftEntry } from './inspection-progress.js';
import { LeftItemList } from './LeftItemList.js';

/**
 * The inspection's progress, kept in view while the technician scrolls (sticky at the top of the
 * section): "n of N answered", a bar, the picture total, and what is left before it can be
 * finished, which opens into the list of those items (each goes to its item).
 */
export function InspectionProgressBar({
  orderId,
  answered,
  total,
  left,
  pictureTotal,
}: {
  orderId: string;
  answered: number;
  total: number;
  left: readonly LeftEntry[];
  pictureTotal: number;
}) {
  const { t } = useTranslation('inspectionPage');
  const [open, setOpen] = useState(false);
  const percent = total === 0 ? 100 : Math.round((answered / total) * 100);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      shadow="xs"
      className="inspection-progress-bar"
      data-testid="inspection-progress-bar"
      // Sticks under the app's header (the shell's offset), over the rows scrolling by.
      style={{
        position: 'sticky',
        top: 'var(--app-shell-header-offset, 0px)',
        zIndex: 3,
        background: 'var(--mantine-color-body)',
      }}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700} data-testid="inspection-progress">
          {t('progress.answered', { answered, total })}
        </Text>
        <Text size="sm" data-testid="picture-total">
          {t('pictureTotal', { count: pictureTotal })}
        </Text>
      </Group>
      <Progress
        value={percent}
        color={left.length === 0 ? 'teal.9' : 'blue.8'}
        size="md"
        mt={6}
        aria-label={t('progress.answered', { answered, total })}
      />
      <Group justify="space-between" wrap="wrap" gap="xs" mt={6}>
        <Text size="sm" data-testid="inspection-left" aria-live="polite">
          {left.length === 0 ? t('progress.nothingLeft') : t('progress.left', { count: left.length })}
        </Text>
        {left.length > 0 && (
          <Button
            variant="subtle"
            size="compact-md"
            mih={44}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? t('progress.hideLeft') : t('progress.showLeft')}
          </Button>
        )}
      </Group>
      <Collapse expanded={open && left.length > 0}>
        <div style={{ maxHeight: '40vh', overflowY: 'auto' }}>
          <LeftItemList orderId={orderId} entries={left} onJump={() => setOpen(false)} testId="progress-left-list" />
        </div>
      </Collapse>
    </Paper>
  );
}
