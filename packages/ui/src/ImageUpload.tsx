import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Alert, Button, FileButton, Group, Image, Paper, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import enFiles from '@servicebay/locales/en/files.json' with { type: 'json' };
import enMedia from '@servicebay/locales/en/media.json' with { type: 'json' };
import {
  IMAGE_UPLOAD_ACCEPT,
  MAX_IMAGE_UPLOAD_BYTES,
  isAllowedImage,
  mediaKindOf,
  sniffImageType,
  type FileLink,
} from '@servicebay/domain';
import { AlertOctagonIcon, CheckCircleIcon } from './icons.js';
import type { EditedImage } from './media/ImageEditor.js';
import { LazyImageEditor } from './media/LazyImageEditor.js';
import { ImageGallery, type GalleryPicture } from './media/ImageGallery.js';

type ErrorKey = keyof typeof enFiles.errors;
const errorKey = (code: string): ErrorKey => (Object.hasOwn(enFiles.errors, code) && code !== 'title' ? (code as ErrorKey) : 'generic');
type MediaRuleKey = keyof typeof enMedia.rules;
const isMediaRule = (code: string): code is MediaRuleKey => Object.hasOwn(enMedia.rules, code);

/** The code of a failure in the API's shape ({status, code, message}), or 'generic'. */
function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'generic';
}

/** Png, jpg, jpeg, by type or by extension (domain `isAllowedImage`). The server checks the bytes; this spares a pointless upload. */
export function isAcceptedImage(file: File): boolean {
  return isAllowedImage(file);
}

export interface ImageUploadProps {
  /** Heading shown above the picture (e.g. "Vehicle picture"). */
  label: string;
  /** The current picture, when there is one. */
  value?: FileLink | null;
  /**
   * Sends the file; reports progress (0..1, null while unknown) and stops when `signal` aborts.
   * Rejects with an error in the API's {status, code, message} shape.
   */
  upload: (file: File, onProgress: (fraction: number | null) => void, signal: AbortSignal) => Promise<unknown>;
  /** Refused before sending when larger; the server's limit by default. */
  maxBytes?: number;
  disabled?: boolean;
  /**
   * Opens the chosen picture in the image editor first (annotate, rotate, take another); Done
   * uploads the edited JPEG, named as the original with .jpg. `onEdited` also gets the original.
   */
  annotate?: boolean;
  onEdited?: (result: EditedImage) => void;
  /** The current picture opens in the image gallery, with these details. */
  galleryDetails?: Omit<GalleryPicture, 'url' | 'name'>;
  formatDateTime?: (value: string) => string;
}

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fraction: number | null; name: string }
  | { phase: 'saved' }
  | { phase: 'failed'; code: string };

/**
 * A picture picker: the current picture, a drop area (mouse) and a button (touch, keyboard) that
 * opens the camera or the library, a progress bar while the file goes up, a cancel button, and a
 * danger alert with the translated text of the error's code when it fails.
 */
export function ImageUpload({ label, value, upload, maxBytes = MAX_IMAGE_UPLOAD_BYTES, disabled, annotate = false, onEdited, galleryDetails, formatDateTime }: ImageUploadProps) {
  const { t } = useTranslation(['files', 'media']);
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const [editing, setEditing] = useState<File | null>(null);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const resetFileButton = useRef<() => void>(null);

  // Leaving the page stops an upload still running.
  useEffect(() => () => controller.current?.abort(), []);

  const choose = async (file: File | null) => {
    resetFileButton.current?.();
    if (!file || state.phase === 'uploading') return;
    if (!annotate) return start(file);
    // A video goes to the editor, which says that it cannot be the picture and closes.
    if (mediaKindOf(file) === 'video') {
      setState({ phase: 'idle' });
      return setEditing(file);
    }
    if (!isAcceptedImage(file)) return setState({ phase: 'failed', code: 'UNSUPPORTED_MEDIA_TYPE' });
    if (file.size > maxBytes) return setState({ phase: 'failed', code: 'PAYLOAD_TOO_LARGE' });
    // The editor has to decode it: a file that is not a PNG or JPEG by its bytes stops here.
    if (!sniffImageType(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) return setState({ phase: 'failed', code: 'UNSUPPORTED_MEDIA_TYPE' });
    setState({ phase: 'idle' });
    setEditing(file);
  };

  const start = async (file: File | null) => {
    if (!file || state.phase === 'uploading') return;
    if (!isAcceptedImage(file)) return setState({ phase: 'failed', code: 'UNSUPPORTED_MEDIA_TYPE' });
    if (file.size > maxBytes) return setState({ phase: 'failed', code: 'PAYLOAD_TOO_LARGE' });
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'uploading', fraction: 0, name: file.name });
    try {
      await upload(file, (fraction) => setState((s) => (s.phase === 'uploading' ? { ...s, fraction } : s)), abort.signal);
      if (!abort.signal.aborted) setState({ phase: 'saved' });
    } catch (error) {
      setState(abort.signal.aborted ? { phase: 'idle' } : { phase: 'failed', code: codeOf(error) });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void choose(event.dataTransfer.files[0] ?? null);
  };

  const uploading = state.phase === 'uploading';
  const percent = uploading && state.fraction !== null ? Math.round(state.fraction * 100) : null;

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      onDragOver={(event: DragEvent<HTMLDivElement>) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      style={dragging ? { borderColor: 'var(--mantine-primary-color-filled)', borderStyle: 'dashed' } : undefined}
      data-testid="image-upload"
    >
      <Stack gap="sm">
        <Text fw={600} component="h3" m={0} size="md">
          {label}
        </Text>
        {value ? (
          <UnstyledButton onClick={() => setGalleryOpen(true)} aria-label={t('media:gallery.open')} title={t('media:gallery.open')} style={{ alignSelf: 'flex-start', borderRadius: 4 }}>
            <Image src={value.url} alt={t('picture.alt', { name: value.name })} radius="sm" mah={240} fit="contain" />
          </UnstyledButton>
        ) : (
          <Text c="dimmed" size="sm">
            {t('picture.none')}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t('picture.drop')} · {t('picture.hint', { size: Math.floor(maxBytes / (1024 * 1024)) })}
        </Text>
        {uploading && (
          <Stack gap={4} aria-live="polite">
            <Progress
              value={percent ?? 100}
              animated={percent === null}
              striped={percent === null}
              aria-label={t('picture.progressLabel')}
              size="lg"
            />
            <Group justify="space-between">
              <Text size="sm">{percent === null ? t('picture.uploadingUnknown') : t('picture.uploading', { percent })}</Text>
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => controller.current?.abort()}>
                {t('picture.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
        {state.phase === 'saved' && (
          <Group gap={6} role="status">
            <CheckCircleIcon size={18} color="var(--mantine-color-green-8)" aria-hidden="true" />
            <Text size="sm">{t('picture.saved')}</Text>
          </Group>
        )}
        {state.phase === 'failed' && (
          <Alert color="red" title={t('errors.title')} icon={<AlertOctagonIcon />} role="alert" withCloseButton onClose={() => setState({ phase: 'idle' })}>
            {isMediaRule(state.code) ? t(`media:rules.${state.code}`) : t(`errors.${errorKey(state.code)}`)}
          </Alert>
        )}
        <Group>
          <FileButton onChange={(file) => void choose(file)} accept={IMAGE_UPLOAD_ACCEPT.join(',')} disabled={disabled || uploading} resetRef={resetFileButton}>
            {(props) => (
              <Button {...props} variant="light" disabled={disabled || uploading}>
                {value ? t('picture.replace') : t('picture.choose')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
      {annotate && (
        <LazyImageEditor
          file={editing}
          onClose={() => setEditing(null)}
          onDone={(result) => {
            setEditing(null);
            onEdited?.(result);
            void start(new File([result.edited], result.name, { type: 'image/jpeg' }));
          }}
        />
      )}
      {value && (
        <ImageGallery
          opened={galleryOpen}
          onClose={() => setGalleryOpen(false)}
          pictures={[{ url: value.url, name: value.name, ...galleryDetails }]}
          formatDateTime={formatDateTime}
        />
      )}
    </Paper>
  );
}
