import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { ActionIcon, Alert, Box, Button, Group, Modal, Progress, Slider, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery, useViewportSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { IMAGE_EDITOR_CANVAS, ROTATION_STEP_DEGREES, type Size } from '@servicebay/domain';
import { AlertOctagonIcon, RotateLeftIcon, RotateRightIcon, type DecodedImage } from '@servicebay/ui';
import {
  cropMatrix,
  initialCrop,
  keyPan,
  outputSize,
  pan,
  PROFILE_PICTURE_MAX_ZOOM,
  PROFILE_PICTURE_QUALITY,
  rotate,
  zoomTo,
  type CropState,
} from './crop.js';

/** Draws what the frame holds onto a canvas `out` big. */
function drawCrop(ctx: CanvasRenderingContext2D, image: DecodedImage, state: CropState, out: Size) {
  const original = { width: image.width, height: image.height };
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#ffffff'; // a PNG's transparency becomes white, as in a JPEG
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.setTransform(...cropMatrix(original, state, out));
  ctx.drawImage(image.source, 0, 0, image.width, image.height);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

/** The saved picture: the frame at its own pixels (at most 1200 px wide), as a JPEG. */
function saveCrop(image: DecodedImage, state: CropState): Promise<Blob> {
  const out = outputSize({ width: image.width, height: image.height }, state);
  const canvas = document.createElement('canvas');
  canvas.width = out.width;
  canvas.height = out.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('no 2d canvas'));
  drawCrop(ctx, image, state, out);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob gave nothing'))), 'image/jpeg', PROFILE_PICTURE_QUALITY),
  );
}

export interface ProfilePictureEditorProps {
  /** The decoded picture; the editor shows while there is one. */
  image: DecodedImage | null;
  /** Sends the JPEG, telling how far it got (0..1, null while unknown); rejects in the API's error shape. */
  save: (jpeg: Blob, onProgress: (fraction: number | null) => void) => Promise<void>;
  /** The text of a failed save's error. */
  describeError: (error: unknown) => string;
  onClose: () => void;
}

/**
 * The 'Profile picture' editor: the picture in a frame of the widget's 4:3 shape on the 800x600
 * canvas, moved by dragging or the arrow keys, zoomed with the slider, turned by quarter turns;
 * Save sends what the frame holds as a JPEG with its progress. A failed save keeps the editor
 * and the framing as they were, with the error above Save. docs/portal.md "Profile widget".
 */
export function ProfilePictureEditor({ image, save, describeError, onClose }: ProfilePictureEditorProps) {
  const { t } = useTranslation(['portal', 'ui']);
  const phone = useMediaQuery('(max-width: 40em)');
  const viewport = useViewportSize();
  const [state, setState] = useState<CropState>(() => initialCrop(image ?? { width: 1, height: 1 }));
  const [saving, setSaving] = useState<{ fraction: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // In state, not a ref: the modal mounts the canvas after the picture arrives, and drawing waits for it.
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const original = image ? { width: image.width, height: image.height } : null;

  // A new picture starts upright, not zoomed, centred.
  useEffect(() => {
    if (image) setState(initialCrop({ width: image.width, height: image.height }));
    setError(null);
    setSaving(null);
  }, [image]);

  useEffect(() => {
    const ctx = canvas?.getContext('2d');
    if (ctx && image) drawCrop(ctx, image, state, IMAGE_EDITOR_CANVAS);
  }, [canvas, image, state]);

  // Shown at 0.8 of its 800 px when there is room, narrower on a phone.
  const viewWidth = Math.floor(
    Math.min(IMAGE_EDITOR_CANVAS.width * IMAGE_EDITOR_CANVAS.scale, Math.max(200, (viewport.width || 1024) - (phone ? 32 : 96))),
  );
  const viewHeight = Math.round((viewWidth * IMAGE_EDITOR_CANVAS.height) / IMAGE_EDITOR_CANVAS.width);
  const busy = saving !== null;
  const update = (next: (o: Size) => CropState) => original && !busy && setState(next(original));

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!event.isPrimary || busy) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const from = drag.current;
    if (!from || from.pointerId !== event.pointerId) return;
    const width = event.currentTarget.getBoundingClientRect().width || viewWidth;
    drag.current = { ...from, x: event.clientX, y: event.clientY };
    update((o) => pan(o, state, event.clientX - from.x, event.clientY - from.y, width));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLCanvasElement>) => {
    const step = keyPan(event.key, event.shiftKey, viewWidth);
    if (step) {
      event.preventDefault();
      update((o) => pan(o, state, step.dx, step.dy, viewWidth));
    } else if (event.key === '+' || event.key === '=' || event.key === '-') {
      event.preventDefault();
      update((o) => zoomTo(o, state, state.zoom + (event.key === '-' ? -0.25 : 0.25)));
    }
  };

  const onSave = async () => {
    if (!image || busy) return;
    setError(null);
    setSaving({ fraction: 0 });
    try {
      const jpeg = await saveCrop(image, state);
      await save(jpeg, (fraction) => setSaving({ fraction }));
      setSaving(null);
    } catch (failure) {
      setSaving(null);
      setError(describeError(failure));
    }
  };

  const rotateButton = (direction: 1 | -1) => {
    const label = t(direction === 1 ? 'portal:pictureEditor.rotateRight' : 'portal:pictureEditor.rotateLeft');
    const Icon = direction === 1 ? RotateRightIcon : RotateLeftIcon;
    return (
      <ActionIcon size={44} radius="md" variant="default" aria-label={label} title={label} onClick={() => update((o) => rotate(o, state, direction))} disabled={busy}>
        <Icon size={22} />
      </ActionIcon>
    );
  };

  const percent = saving?.fraction != null ? Math.round(saving.fraction * 100) : null;
  return (
    <Modal
      opened={image !== null}
      onClose={() => !busy && onClose()}
      title={t('portal:pictureEditor.title')}
      size="auto"
      centered
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
      data-testid="profile-picture-editor"
    >
      <Stack gap="sm" maw={viewWidth} mx="auto">
        <canvas
          ref={setCanvas}
          width={IMAGE_EDITOR_CANVAS.width}
          height={IMAGE_EDITOR_CANVAS.height}
          role="img"
          aria-label={t('portal:pictureEditor.frame')}
          aria-describedby="profile-picture-editor-help"
          tabIndex={0}
          data-testid="profile-picture-canvas"
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          style={{ width: viewWidth, height: viewHeight, touchAction: 'none', display: 'block', borderRadius: 8, cursor: busy ? 'default' : 'grab', background: '#1f2328' }}
        />
        <Text id="profile-picture-editor-help" size="sm" c="dimmed">
          {t('portal:pictureEditor.help')}
        </Text>
        <Group gap="sm" wrap="nowrap" align="center">
          {rotateButton(-1)}
          {rotateButton(1)}
          <Box style={{ flex: 1 }} px="xs">
            <Text size="xs" c="dimmed">
              {t('portal:pictureEditor.zoom')}
            </Text>
            <Slider
              min={1}
              max={PROFILE_PICTURE_MAX_ZOOM}
              step={0.05}
              value={state.zoom}
              onChange={(zoom) => update((o) => zoomTo(o, state, zoom))}
              thumbLabel={t('portal:pictureEditor.zoom')}
              label={(value) => `${value.toFixed(1)}×`}
              disabled={busy}
            />
          </Box>
        </Group>
        <VisuallyHidden aria-live="polite" data-testid="profile-picture-editor-status">
          {image ? t('portal:pictureEditor.status', { degrees: state.turns * ROTATION_STEP_DEGREES, zoom: state.zoom.toFixed(1) }) : ''}
        </VisuallyHidden>
        {saving && (
          <Stack gap={4}>
            <Progress
              value={percent ?? 100}
              animated={percent === null}
              striped={percent === null}
              aria-label={t('portal:pictureEditor.progressLabel')}
              size="lg"
            />
            <Text size="sm" role="status">
              {percent === null ? t('portal:pictureEditor.savingUnknown') : t('portal:pictureEditor.saving', { percent })}
            </Text>
          </Stack>
        )}
        {error && (
          <Alert color="red" title={t('portal:pictureEditor.failedTitle')} icon={<AlertOctagonIcon />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('portal:pictureEditor.cancel')}
          </Button>
          <Button onClick={() => void onSave()} loading={busy} data-autofocus>
            {t('portal:pictureEditor.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
