import { useEffect, useRef, useState, type TouchEvent } from 'react';
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
  /** What the picture shows (the customer's report: its finding): shown, and read out, instead of the file name. */
  caption?: string | null;
}

export interface ImageGalleryProps {
  pictures: readonly GalleryPicture[];
  opened: boolean;
  onClose: () => void;
  /** The picture shown first. */
  initialIndex?: number;
  /** Formats `dateTime`; the apps pass the spec's 'MMM D, YYYY hh:mm A' (web-core formatDate). */
  formatDateTime?: (value: string) => string;
  /** The dialog's title; 'Pictures' when absent. */
  title?: string;
  /** Full screen on every screen (it always is on a phone). */
  fullScreen?: boolean;
  /** The language of its texts when it is not the app's (the customer's report in its own language). */
  language?: string;
}

/** A horizontal move longer than this, and longer than it is tall, is a swipe. */
const SWIPE_PX = 40;

/** Where a swipe goes: -1 (to the previous picture, finger moved right), 1 (next), or 0 (no swipe). */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx > 0 ? -1 : 1;
}

/** The next index, going round at either end. */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

/**
 * The image gallery: one picture at a time, as large as the screen allows, with its caption (or
 * name), worker and date; previous and next buttons, the left and right arrow keys and a swipe;
 * Escape closes it.
 */
export function ImageGallery({
  pictures,
  opened,
  onClose,
  initialIndex = 0,
  formatDateTime,
  title,
  fullScreen,
  language,
}: ImageGalleryProps) {
  const { t, i18n } = useTranslation(['media', 'ui'], language ? { lng: language } : undefined);
  const [index, setIndex] = useState(initialIndex);
  const phone = useMediaQuery('(max-width: 40em)');
  const touch = useRef<{ x: number; y: number } | null>(null);
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

  const onTouchStart = (event: TouchEvent) => {
    const point = event.touches[0];
    touch.current = point ? { x: point.clientX, y: point.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const point = event.changedTouches[0];
    touch.current = null;
    if (!start || !point || count < 2) return;
    const step = swipeStep(point.clientX - start.x, point.clientY - start.y);
    if (step) setIndex((i) => stepIndex(i, step, count));
  };

  const format =
    formatDateTime ??
    ((value: string) =>
      new Intl.DateTimeFormat(language ?? i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)));
  const fill = fullScreen || phone;
  const previous = (
    <ActionIcon size={48} variant="default" radius="xl" aria-label={t('media:gallery.previous')} disabled={count < 2} onClick={() => setIndex((i) => stepIndex(i, -1, count))}>
      <ChevronLeftIcon size={24} />
    </ActionIcon>
  );
  const next = (
    <ActionIcon size={48} variant="default" radius="xl" aria-label={t('media:gallery.next')} disabled={count < 2} onClick={() => setIndex((i) => stepIndex(i, 1, count))}>
      <ChevronRightIcon size={24} />
    </ActionIcon>
  );
  const position = (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {t('media:gallery.position', { current: Math.min(index, count - 1) + 1, total: count })}
    </Text>
  );
  const date = current?.dateTime && !Number.isNaN(new Date(current.dateTime).getTime()) ? format(current.dateTime) : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title ?? t('media:gallery.title')}
      size="xl"
      centered
      fullScreen={fill}
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
      data-testid="image-gallery"
    >
      {current ? (
        <Stack gap="sm">
          {/* Full screen (a phone), the picture takes the whole width and the arrows go under it. */}
          <Group wrap="nowrap" gap="xs" align="center" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
            {!fill && previous}
            <Image
              src={current.url}
              alt={current.caption || t('media:gallery.alt', { name: current.name })}
              fit="contain"
              mah={fill ? 'calc(100dvh - 14rem)' : '65vh'}
              style={{ flex: 1, minWidth: 0 }}
              radius="sm"
            />
            {!fill && next}
          </Group>
          {fill && count > 1 && (
            <Group justify="space-between" wrap="nowrap">
              {previous}
              {position}
              {next}
            </Group>
          )}
          <Group justify="space-between" align="flex-start" aria-live="polite" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={600}>{current.caption || current.name}</Text>
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
            {!(fill && count > 1) && position}
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
