import { useEffect, useState } from 'react';
import { ActionIcon, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from './media-icons.js';

/** A picture as the API gives it (`{url, name}`), with who took it and when when known. */
export interface GalleryPicture {
  url: string;
  name: string;
  /** The worker's name (pictures carry the worker's name and title). */
  worker?: string | null;
  /** ISO date and time the picture was taken. */
  dateTime?: string | null;
  /** Where it was taken (gpsCoords), when the device gave a position. */
  gps?: { lat: number; long: number } | null;
}

export interface ImageGalleryProps {
  pictures: readonly GalleryPicture[];
  opened: boolean;
  onClose: () => void;
  /** The picture shown first. */
  initialIndex?: number;
  /** Formats `dateTime`; the apps pass the spec's 'MMM D, YYYY hh:mm A' (web-core formatDate). */
  formatDateTime?: (value: string) => string;
}

/** The next index, going round at either end. */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

/**
 * The image gallery: one picture at a time, as large as the screen allows, with its
 * name, worker and date; previous and next buttons, and the left and right arrow keys.
 */
export function ImageGallery({ pictures, opened, onClose, initialIndex = 0, formatDateTime }: ImageGalleryProps) {
  const { t, i18n } = useTranslation(['media', 'ui']);
  const [index, setIndex] = useState(initialIndex);
  const phone = useMediaQuery('(max-width: 40em)');
  const count = pictures.length;
  const current = pictures[Math.min(index, Math.max(0, count - 1))];

  // Opening again starts where the caller says.
  useEffect(() => {
    if (opened) setIndex(Math.min(Math.max(0, initialIndex), Math.max(0, count - 1)));
  }, [opened, initialIndex, count]);

  useEffect(() => {
    if (!opened || count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') setIndex((i) => stepIndex(i, -1, count));
      else if (event.key === 'ArrowRight') setIndex((i) => stepIndex(i, 1, count));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, count]);

  const format =
    formatDateTime ?? ((value: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)));
  const date = current?.dateTime && !Number.isNaN(new Date(current.dateTime).getTime()) ? format(current.dateTime) : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('media:gallery.title')}
      size="xl"
      centered
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
      data-testid="image-gallery"
    >
      {current ? (
        <Stack gap="sm">
          <Group wrap="nowrap" gap="xs" align="center">
            <ActionIcon size={48} variant="default" radius="xl" aria-label={t('media:gallery.previous')} disabled={count < 2} onClick={() => setIndex((i) => stepIndex(i, -1, count))}>
              <ChevronLeftIcon size={24} />
            </ActionIcon>
            <Image src={current.url} alt={t('media:gallery.alt', { name: current.name })} fit="contain" mah="65vh" style={{ flex: 1, minWidth: 0 }} radius="sm" />
            <ActionIcon size={48} variant="default" radius="xl" aria-label={t('media:gallery.next')} disabled={count < 2} onClick={() => setIndex((i) => stepIndex(i, 1, count))}>
              <ChevronRightIcon size={24} />
            </ActionIcon>
          </Group>
          <Group justify="space-between" align="flex-start" aria-live="polite">
            <Stack gap={2}>
              <Text fw={600}>{current.name}</Text>
              {current.worker && <Text size="sm">{t('media:gallery.worker', { name: current.worker })}</Text>}
              {date && (
                <Text size="sm" c="dimmed" component="time" dateTime={current.dateTime ?? undefined}>
                  {date}
                </Text>
              )}
              {current.gps && (
                <Text size="sm" c="dimmed" data-testid="gallery-gps">
                  {t('media:gallery.gps', { lat: current.gps.lat.toFixed(5), long: current.gps.long.toFixed(5) })}
                </Text>
              )}
            </Stack>
            <Text size="sm" c="dimmed">
              {t('media:gallery.position', { current: Math.min(index, count - 1) + 1, total: count })}
            </Text>
          </Group>
          {count > 1 && (
            <Text size="xs" c="dimmed">
              {t('media:gallery.hint')}
            </Text>
          )}
        </Stack>
      ) : (
        <Text c="dimmed">{t('media:gallery.empty')}</Text>
      )}
    </Modal>
  );
}
