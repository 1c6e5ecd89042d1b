import { useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { ActionIcon, Alert, Box, Button, FileButton, Group, Loader, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery, useViewportSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  IMAGE_EDITOR_CANVAS,
  IMAGE_UPLOAD_ACCEPT,
  ROTATION_STEP_DEGREES,
  annotationFromDrag,
  checkPrimaryPicture,
  editorLayout,
  editorReducer,
  fitInto,
  initialEditorState,
  isMeaningful,
  moveCursor,
  pointerToPicture,
  sniffImageType,
  turnedSize,
  type Annotation,
  type AnnotationTool,
  type Point,
} from '@servicebay/domain';
import { useAlerts } from '../alerts.js';
import { AlertOctagonIcon } from '../icons.js';
import { composeEditedImage, decodeImageFile, drawEditorCanvas, editedFileName, type DecodedImage } from './draw.js';
import { AnnotateArrowIcon, AnnotateCircleIcon, CameraIcon, RotateLeftIcon, RotateRightIcon, UndoIcon } from './media-icons.js';

/** What Done gives: the annotated JPEG, and the picture as it was taken, untouched. */
export interface EditedImage {
  edited: Blob;
  /** The edited picture's name: the original's as a .jpg. */
  name: string;
  original: Blob;
  originalName: string;
  width: number;
  height: number;
  annotations: number;
  /** Degrees clockwise, 0, 90, 180 or 270. */
  rotation: number;
}

export type ImageEditorRejection = 'VIDEO_NOT_ALLOWED_AS_PRIMARY' | 'IMAGE_TYPE_NOT_ALLOWED';

export interface ImageEditorProps {
  /** The picture to edit, from the camera or the library; the editor shows while there is one. */
  file: File | null;
  /** Done: the annotated JPEG and the original. The editor shows "saving" until it settles. */
  onDone: (result: EditedImage) => void | Promise<void>;
  /** Cancel, Escape, the close button, or a refused file. */
  onClose: () => void;
  /**
   * Told when the file is not a picture (a video gives 'Were sorry videos are not allowed as
   * primary pictures'); the editor has shown the message as a danger alert and closes.
   */
  onRejected?: (code: ImageEditorRejection) => void;
  /** Decodes the picture; createImageBitmap with the EXIF orientation by default (tests pass their own). */
  decodeImage?: (file: Blob) => Promise<DecodedImage>;
  /** Makes the JPEG; the canvas compositing by default (tests pass their own). */
  compose?: typeof composeEditedImage;
}

type Loaded = { phase: 'idle' } | { phase: 'loading' } | { phase: 'ready'; image: DecodedImage } | { phase: 'unreadable' };

async function firstBytes(file: Blob, count: number): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, count).arrayBuffer());
}

/**
 * The image editor as a modal: the picture on an 800x600 canvas, arrows (red) and
 * circles (yellow) drawn by dragging a finger, pen or mouse, undo of the last, rotation by 90
 * degrees either way, take another (the camera or library again), cancel and done. The model
 * lives in @servicebay/domain (media/annotations.ts); this draws it. docs/media.md.
 */
export function ImageEditor({ file, onDone, onClose, onRejected, decodeImage = decodeImageFile, compose = composeEditedImage }: ImageEditorProps) {
  const { t } = useTranslation(['media', 'ui']);
  const alerts = useAlerts();
  const [source, setSource] = useState<File | null>(file);
  const [loaded, setLoaded] = useState<Loaded>({ phase: 'idle' });
  const [state, dispatch] = useReducer(editorReducer, undefined, initialEditorState);
  const [draft, setDraft] = useState<Annotation | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  /** Keyboard drawing: the cursor while the canvas has focus, and where the shape began. */
  const [keyboard, setKeyboard] = useState<{ cursor: Point; start: Point | null } | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const dragStart = useRef<{ pointerId: number; start: Point } | null>(null);
  const resetTakeAnother = useRef<() => void>(null);
  const viewport = useViewportSize();
  const phone = useMediaQuery('(max-width: 40em)');

  // A new file from the caller replaces the one being edited.
  useEffect(() => setSource(file), [file]);

  // Check, then decode, each new source; a video or another kind of file is refused and closes.
  useEffect(() => {
    dispatch({ type: 'reset' });
    setDraft(null);
    setKeyboard(null);
    setSaveFailed(false);
    if (!source) {
      setLoaded({ phase: 'idle' });
      return;
    }
    let cancelled = false;
    let decoded: DecodedImage | null = null;
    const refuse = (code: ImageEditorRejection) => {
      alerts.show({ type: 'danger', message: t(`media:rules.${code}`) });
      onRejected?.(code);
      setSource(null); // closed even if the caller keeps its file
      onClose();
    };
    const check = checkPrimaryPicture(source);
    if (!check.ok) {
      refuse(check.code);
      return;
    }
    setLoaded({ phase: 'loading' });
    void (async () => {
      try {
        if (!sniffImageType(await firstBytes(source, 16))) {
          if (!cancelled) refuse('IMAGE_TYPE_NOT_ALLOWED');
          return;
        }
        decoded = await decodeImage(source);
        if (cancelled) decoded.close?.();
        else setLoaded({ phase: 'ready', image: decoded });
      } catch {
        if (!cancelled) setLoaded({ phase: 'unreadable' });
      }
    })();
    return () => {
      cancelled = true;
      decoded?.close?.();
    };
    // The callbacks may change identity on every render of the caller; only a new file restarts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);

  const image = loaded.phase === 'ready' ? loaded.image : null;
  const original = useMemo(() => (image ? { width: image.width, height: image.height } : null), [image]);
  const turned = original ? turnedSize(original, state.turns) : null;

  // Redraw on every change: cheap at 800x600, and the draft follows the finger.
  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx || !image) return;
    drawEditorCanvas(ctx, image, state.turns, draft ? [...state.annotations, draft] : state.annotations, keyboard?.cursor ?? null);
  }, [image, state, draft, keyboard]);

  const layout = editorLayout({
    width: Math.max(0, (viewport.width || 1024) - (phone ? 32 : 96)),
    height: Math.max(0, (viewport.height || 768) - (phone ? 160 : 220)),
  });

  const pointOf = (event: ReactPointerEvent<HTMLCanvasElement>): Point | null => {
    if (!turned) return null;
    const rect = event.currentTarget.getBoundingClientRect();
    return pointerToPicture({ x: event.clientX - rect.left, y: event.clientY - rect.top }, { width: rect.width, height: rect.height }, turned);
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!event.isPrimary || saving) return;
    const start = pointOf(event);
    if (!start) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragStart.current = { pointerId: event.pointerId, start };
    setDraft(annotationFromDrag(state.tool, start, start));
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const drag = dragStart.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    const point = pointOf(event);
    if (point) setDraft(annotationFromDrag(state.tool, drag.start, point));
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const drag = dragStart.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    dragStart.current = null;
    const point = pointOf(event);
    setDraft(null);
    if (!point || !turned) return;
    const annotation = annotationFromDrag(state.tool, drag.start, point);
    if (isMeaningful(annotation, fitInto(turned).scale)) dispatch({ type: 'add', annotation });
  };
  const onPointerCancel = () => {
    dragStart.current = null;
    setDraft(null);
  };

  // Without a pointer: arrow keys move a cursor, Enter or Space starts the shape and ends it,
  // Escape drops a shape begun (and only then closes the editor).
  const onKeyDown = (event: ReactKeyboardEvent<HTMLCanvasElement>) => {
    if (!turned || !keyboard || saving) return;
    const scale = fitInto(turned).scale;
    const moved = moveCursor(keyboard.cursor, event.key, event.shiftKey, turned, scale);
    if (moved) {
      event.preventDefault();
      setKeyboard({ ...keyboard, cursor: moved });
      if (keyboard.start) setDraft(annotationFromDrag(state.tool, keyboard.start, moved));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!keyboard.start) {
        setKeyboard({ ...keyboard, start: keyboard.cursor });
        setDraft(annotationFromDrag(state.tool, keyboard.cursor, keyboard.cursor));
      } else {
        const annotation = annotationFromDrag(state.tool, keyboard.start, keyboard.cursor);
        if (isMeaningful(annotation, scale)) dispatch({ type: 'add', annotation });
        setKeyboard({ ...keyboard, start: null });
        setDraft(null);
      }
    } else if (event.key === 'Escape' && keyboard.start) {
      setKeyboard({ ...keyboard, start: null });
      setDraft(null);
    }
  };

  const done = async () => {
    if (!image || !source || saving) return;
    setSaving(true);
    setSaveFailed(false);
    try {
      const edited = await compose(image, state.turns, state.annotations);
      const size = turnedSize({ width: image.width, height: image.height }, state.turns);
      await onDone({
        edited,
        name: editedFileName(source.name),
        original: source,
        originalName: source.name,
        width: size.width,
        height: size.height,
        annotations: state.annotations.length,
        rotation: state.turns * ROTATION_STEP_DEGREES,
      });
    } catch {
      setSaveFailed(true);
    } finally {
      setSaving(false);
    }
  };

  const toolButton = (tool: AnnotationTool, Icon: typeof AnnotateArrowIcon) => (
    <ActionIcon
      key={tool}
      size={48}
      radius="md"
      variant={state.tool === tool ? 'filled' : 'default'}
      aria-pressed={state.tool === tool}
      aria-label={t(`media:editor.${tool}`)}
      title={t(`media:editor.${tool}`)}
      onClick={() => dispatch({ type: 'tool', tool })}
      disabled={!image || saving}
    >
      <Icon size={24} />
    </ActionIcon>
  );
  const stepButton = (label: string, Icon: typeof UndoIcon, onClick: () => void, disabled: boolean) => (
    <ActionIcon size={48} radius="md" variant="default" aria-label={label} title={label} onClick={onClick} disabled={disabled || !image || saving}>
      <Icon size={24} />
    </ActionIcon>
  );

  const landscape = layout.tools === 'left';
  return (
    <Modal
      opened={source !== null}
      onClose={() => !saving && onClose()}
      title={t('media:editor.title')}
      size="auto"
      centered
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
      data-testid="image-editor"
    >
      <Stack gap="sm">
        <Box style={{ display: 'flex', flexDirection: landscape ? 'row' : 'column', gap: 0, alignItems: landscape ? 'flex-start' : 'stretch' }}>
          <Group
            role="toolbar"
            aria-label={t('media:editor.tools')}
            aria-orientation={landscape ? 'vertical' : 'horizontal'}
            gap="xs"
            style={landscape ? { flexDirection: 'column', width: layout.toolColumn, flexShrink: 0, alignItems: 'center' } : { paddingBottom: 8 }}
          >
            {toolButton('arrow', AnnotateArrowIcon)}
            {toolButton('circle', AnnotateCircleIcon)}
            {stepButton(t('media:editor.undo'), UndoIcon, () => dispatch({ type: 'undo' }), state.annotations.length === 0)}
            {stepButton(t('media:editor.rotateLeft'), RotateLeftIcon, () => original && dispatch({ type: 'rotate', direction: -1, original }), false)}
            {stepButton(t('media:editor.rotateRight'), RotateRightIcon, () => original && dispatch({ type: 'rotate', direction: 1, original }), false)}
          </Group>
          <Box pos="relative" w={layout.canvasWidth} h={layout.canvasHeight} style={{ flexShrink: 0 }}>
            <canvas
              ref={canvasRef}
              width={IMAGE_EDITOR_CANVAS.width}
              height={IMAGE_EDITOR_CANVAS.height}
              role="img"
              aria-label={t('media:editor.canvas', { name: source?.name ?? '' })}
              data-testid="image-editor-canvas"
              tabIndex={image ? 0 : -1}
              // While a keyboard shape is begun, Escape drops it instead of closing the modal.
              data-mantine-stop-propagation={keyboard?.start ? 'true' : undefined}
              onFocus={() => turned && setKeyboard((k) => k ?? { cursor: { x: turned.width / 2, y: turned.height / 2 }, start: null })}
              onBlur={() => {
                setKeyboard(null);
                if (!dragStart.current) setDraft(null);
              }}
              onKeyDown={onKeyDown}
              style={{ width: layout.canvasWidth, height: layout.canvasHeight, touchAction: 'none', display: 'block', borderRadius: 4, background: '#1f2328', cursor: image ? 'crosshair' : 'default' }}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerCancel}
            />
            {loaded.phase === 'loading' && (
              <Group pos="absolute" inset={0} justify="center" role="status">
                <Loader color="white" size="sm" aria-hidden="true" />
                <Text c="white" size="sm">
                  {t('media:editor.loading')}
                </Text>
              </Group>
            )}
          </Box>
        </Box>
        <VisuallyHidden aria-live="polite" data-testid="image-editor-status">
          {image ? t('media:editor.status', { count: state.annotations.length, degrees: state.turns * ROTATION_STEP_DEGREES }) : ''}
        </VisuallyHidden>
        {loaded.phase === 'unreadable' && (
          <Alert color="red" icon={<AlertOctagonIcon />} role="alert">
            {t('media:editor.unreadable')}
          </Alert>
        )}
        {saveFailed && (
          <Alert color="red" icon={<AlertOctagonIcon />} role="alert">
            {t('media:editor.saveFailed')}
          </Alert>
        )}
        <Group justify="space-between">
          <FileButton
            accept={IMAGE_UPLOAD_ACCEPT.join(',')}
            resetRef={resetTakeAnother}
            onChange={(next) => {
              resetTakeAnother.current?.();
              if (next) setSource(next);
            }}
          >
            {(props) => (
              <Button {...props} variant="light" leftSection={<CameraIcon size={18} />} disabled={saving}>
                {t('media:editor.takeAnother')}
              </Button>
            )}
          </FileButton>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('media:editor.cancel')}
            </Button>
            <Button onClick={() => void done()} disabled={!image} loading={saving} data-autofocus>
              {t('media:editor.done')}
            </Button>
          </Group>
        </Group>
        {saving && <VisuallyHidden role="status">{t('media:editor.saving')}</VisuallyHidden>}
      </Stack>
    </Modal>
  );
}
