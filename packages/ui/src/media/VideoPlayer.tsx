import { useEffect, useState } from 'react';
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatMediaDuration } from '@servicebay/domain';
import { AlertOctagonIcon } from '../icons.js';

/** A video as the API gives it: a signed URL and its name, with the duration when it was recorded. */
export interface PlayerVideo {
  url: string;
  name: string;
  /** Seconds, as uploaded with the video; the browser's metadata otherwise. */
  duration?: number | null;
}

export interface VideoPlayerProps {
  video: PlayerVideo | null;
  onClose: () => void;
}

/**
 * The video player: the browser's own player on the signed URL (range requests let it
 * seek, docs/files.md), with the name and duration. Open while `video` is set.
 */
export function VideoPlayer({ video, onClose }: VideoPlayerProps) {
  const { t } = useTranslation(['media', 'ui']);
  const phone = useMediaQuery('(max-width: 40em)');
  const [metadataDuration, setMetadataDuration] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setMetadataDuration(null);
    setFailed(false);
  }, [video?.url]);

  const known = video?.duration ?? metadataDuration;
  const duration = formatMediaDuration(known);
  return (
    <Modal
      opened={video !== null}
      onClose={onClose}
      title={video?.name ?? t('media:video.title')}
      size="xl"
      centered
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
      data-testid="video-player"
    >
      {video && (
        <Stack gap="sm">
          <video
            key={video.url}
            src={video.url}
            controls
            playsInline
            preload="metadata"
            aria-label={t('media:video.label', { name: video.name })}
            style={{ width: '100%', maxHeight: '65vh', background: '#000', borderRadius: 4 }}
            onLoadedMetadata={(event) => {
              const seconds = event.currentTarget.duration;
              setMetadataDuration(Number.isFinite(seconds) ? seconds : null);
            }}
            onError={() => setFailed(true)}
          />
          <Text size="sm" data-testid="video-duration">
            {duration ? t('media:video.duration', { duration }) : t('media:video.durationUnknown')}
          </Text>
          {failed && (
            <Alert color="red" icon={<AlertOctagonIcon />} role="alert">
              {t('media:video.error')}
            </Alert>
          )}
        </Stack>
      )}
    </Modal>
  );
}
