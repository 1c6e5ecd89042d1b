import { Button, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localized } from './inspection-model.js';
import type { LeftEntry } from './inspection-progress.js';
import { requestItemJump } from './item-jump.js';

/**
 * The items that keep an inspection from being finished, each a button that goes to its item
 * (opens its group, scrolls to it and focuses what is missing): under the refused finish and in
 * the progress bar.
 */
export function LeftItemList({
  orderId,
  entries,
  onJump,
  testId,
}: {
  orderId: string;
  entries: readonly LeftEntry[];
  /** Called before the jump (the modal closes itself). */
  onJump?: () => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation(['inspectionPage', 'inspections']);
  const language = i18n.language;
  return (
    <List listStyleType="none" spacing={4} data-testid={testId} p={0}>
      {entries.map((e) => {
        const name = localized(e.name, language);
        const what = [
          e.missingMeasurement && t('left.measurement', { unit: t(`inspections:units.${e.missingMeasurement}`) }),
          e.missingResult && t('left.result'),
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <List.Item key={e.itemKey} data-left-item={e.itemKey}>
            <Button
              variant="subtle"
              size="compact-md"
              h="auto"
              mih={44}
              py={4}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              aria-label={t('left.goTo', { item: name, missing: what })}
              onClick={() => {
                onJump?.();
                requestItemJump(orderId, e.itemKey);
              }}
            >
              <span>
                <Text span fw={600} inherit>
                  {name}
                </Text>
                <Text span fw={400} inherit>
                  {` · ${localized(e.sectionName, language)} · ${what}`}
                </Text>
              </span>
            </Button>
          </List.Item>
        );
      })}
    </List>
  );
}
