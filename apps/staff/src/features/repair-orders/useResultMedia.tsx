import { useCallback, useRef, useState, type RefObject } from 'react';
import { Affix, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { actingRole, routeMediaFiles, type InspectionResult, type User } from '@servicebay/domain';
import {
  ApiError,
  positionFields,
  prepareVideo,
  readPicturePosition,
  type PicturePosition,
} from '@servicebay/web-core';
import { useAlerts, useDialogs, type EditedImage } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { useSignedIn } from '../../session/signed-in.js';
import { personName } from '../dashboard/format.js';
import {
  addResultPicture,
  addResultVideo,
  cachedResults,
  deleteResultPicture,
  deleteResultVideo,
  replaceResultPicture,
  updateCachedResult,
} from './inspection-api.js';
import { resultOfRow, uniqueName } from './inspection-model.js';
import type { RowTarget } from './ResultRow.js';
import { useInspectionErrorText, type useResultWriter } from './useResultWriter.js';

export interface Upload {
  id: number;
  name: string;
  /** 0..1, null while the browser does not know the total. */
  fraction: number | null;
}

/** What the media actions read when they run, not when they were made. */
interface Latest {
  t: TFunction<['inspectionPage', 'media']>;
  errorText: (error: unknown) => string;
  user: User;
}

type Track = <T>(name: string, run: (progress: (f: number | null) => void) => Promise<T>) => Promise<T>;

/** What the picture, video and delete actions share. */
interface MediaContext {
  storeId: string;
  inspectionOrderId: string;
  ensureSaved: ReturnType<typeof useResultWriter>['ensureSaved'];
  latest: RefObject<Latest>;
  track: Track;
  storeResult: (saved: InspectionResult) => void;
}

/** The uploads under way, each with its progress while it runs. */
function useUploads() {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextId = useRef(1);
  const track = useCallback<Track>(async (name, run) => {
    const id = nextId.current++;
    setUploads((u) => [...u, { id, name, fraction: 0 }]);
    const progress = (fraction: number | null) =>
      setUploads((u) => u.map((x) => (x.id === id ? { ...x, fraction } : x)));
    try {
      return await run(progress);
    } finally {
      setUploads((u) => u.filter((x) => x.id !== id));
    }
  }, []);
  return { uploads, track };
}

/**
 * A camera picture: through the image editor, then the picture as taken is uploaded (the server
 * keeps it as the original) and, when it was annotated or turned, the edited JPEG replaces what
 * is shown (PUT).
 */
function usePictureUpload({ storeId, inspectionOrderId, ensureSaved, latest, track, storeResult }: MediaContext) {
  const { session } = useServices();
  const alerts = useAlerts();
  const [editing, setEditing] = useState<{
    file: File;
    target: RowTarget;
    /** Asked for when the picture is taken, so it is usually there by Done (null: none). */
    position: Promise<PicturePosition | null>;
  } | null>(null);

  const takePicture = useCallback(
    (target: RowTarget, file: File) => setEditing({ file, target, position: readPicturePosition() }),
    [],
  );
  const closeEditor = useCallback(() => setEditing(null), []);

  const uploadPicture = useCallback(
    async (target: RowTarget, edited: EditedImage, position: Promise<PicturePosition | null>) => {
      const { t: tr, errorText: text, user: worker } = latest.current;
      try {
        await track(edited.name, async (progress) => {
          const result = await ensureSaved(target);
          const name = uniqueName(
            edited.name,
            result.pictures.map((p) => p.name),
          );
          const params = { storeId, inspectionOrderId, resultId: result._id };
          const fields = {
            name,
            workerName: personName(worker),
            workerTitle: worker.title ?? actingRole(worker),
            dateTime: new Date().toISOString(),
            // Where it was taken, when the device says within a few seconds (gpsCoords).
            ...positionFields(await position),
          };
          const changed = edited.annotations > 0 || edited.rotation % 360 !== 0;
          const total = edited.original.size + (changed ? edited.edited.size : 0);
          let saved = await addResultPicture(
            params,
            { file: edited.original, fileName: name, fields },
            { getToken: session.getToken, onProgress: (p) => progress(total ? p.loaded / total : null) },
          );
          if (changed) {
            saved = await replaceResultPicture(
              params,
              { file: edited.edited, fileName: name, fields },
              {
                getToken: session.getToken,
                onProgress: (p) => progress(total ? (edited.original.size + p.loaded) / total : null),
              },
            );
          }
          storeResult(saved);
        });
        alerts.show({ type: 'success', message: tr('uploaded', { name: edited.name }) });
      } catch (error) {
        alerts.show({
          type: 'danger',
          strongMessage: tr('uploadFailed', { name: edited.name }),
          message: text(error),
        });
      }
    },
    [alerts, ensureSaved, latest, session, storeId, inspectionOrderId, storeResult, track],
  );

  const onEdited = useCallback(
    (edited: EditedImage) => {
      setEditing(null);
      if (editing) void uploadPicture(editing.target, edited, editing.position);
    },
    [editing, uploadPicture],
  );

  return { editing, takePicture, closeEditor, onEdited };
}

/**
 * A video, by the client media rules: offline refused, over 52428800 bytes refused, over 60 s
 * advised against, a name the result already has ignored.
 */
function useVideoUpload({ storeId, inspectionOrderId, ensureSaved, latest, track, storeResult }: MediaContext) {
  const { session } = useServices();
  const queryClient = useQueryClient();
  const alerts = useAlerts();

  const addVideo = useCallback(
    async (target: RowTarget, file: File) => {
      const { t: tr, errorText: text } = latest.current;
      const current = resultOfRow(cachedResults(queryClient, storeId, inspectionOrderId), target);
      const routed = routeMediaFiles([file], current?.videos.map((v) => v.name) ?? []);
      if (routed.duplicates.length > 0) {
        alerts.show({ type: 'warning', message: tr('media:rules.DUPLICATE_NAME') });
        return;
      }
      if (routed.videos.length === 0) {
        alerts.show({ type: 'danger', message: tr('errors.UNSUPPORTED_MEDIA_TYPE') });
        return;
      }
      const prepared = await prepareVideo(file, { online: navigator.onLine });
      if (!prepared.ok) {
        alerts.show({ type: 'danger', message: tr(`media:rules.${prepared.code}`) });
        return;
      }
      if (prepared.advice) alerts.show({ type: 'warning', message: tr('videoAdvice', { name: file.name }) });
      try {
        await track(file.name, async (progress) => {
          const result = await ensureSaved(target);
          const saved = await addResultVideo(
            { storeId, inspectionOrderId, resultId: result._id },
            {
              file,
              fileName: file.name,
              fields: {
                name: file.name,
                lastModified: String(file.lastModified),
                ...(prepared.durationSeconds !== null ? { duration: String(prepared.durationSeconds) } : {}),
              },
            },
            { getToken: session.getToken, onProgress: (p) => progress(p.fraction) },
          );
          storeResult(saved);
        });
        alerts.show({ type: 'success', message: tr('uploaded', { name: file.name }) });
      } catch (error) {
        const timedOut = error instanceof ApiError && error.code === 'REQUEST_TIMEOUT';
        alerts.show({
          type: 'danger',
          strongMessage: tr('uploadFailed', { name: file.name }),
          message: timedOut
            ? tr('media:rules.VIDEO_UPLOAD_TIMEOUT', { seconds: Math.round(prepared.durationSeconds ?? 0) })
            : text(error),
        });
      }
    },
    [alerts, ensureSaved, latest, queryClient, session, storeId, inspectionOrderId, storeResult, track],
  );

  return useCallback((target: RowTarget, file: File) => void addVideo(target, file), [addVideo]);
}

/** Deleting a picture or a video of a result, once confirmed. */
function useMediaDelete({ storeId, inspectionOrderId, latest, storeResult }: MediaContext) {
  const { api } = useServices();
  const alerts = useAlerts();
  const dialogs = useDialogs();

  const removeMedia = useCallback(
    async (kind: 'picture' | 'video', result: InspectionResult, name: string) => {
      const { t: tr, errorText: text } = latest.current;
      const sure = await dialogs.confirm({
        message: tr(kind === 'picture' ? 'deletePictureConfirm' : 'deleteVideoConfirm', { name }),
        okLabel: tr('delete'),
        danger: true,
      });
      if (!sure) return;
      const params = { storeId, inspectionOrderId, resultId: result._id };
      try {
        const saved =
          kind === 'picture'
            ? await deleteResultPicture(api, params, name)
            : await deleteResultVideo(api, params, name);
        storeResult(saved);
      } catch (error) {
        alerts.show({ type: 'danger', message: text(error) });
      }
    },
    [alerts, api, dialogs, latest, storeId, inspectionOrderId, storeResult],
  );
  const deletePicture = useCallback(
    (_target: RowTarget, result: InspectionResult, name: string) => void removeMedia('picture', result, name),
    [removeMedia],
  );
  const deleteVideo = useCallback(
    (_target: RowTarget, result: InspectionResult, name: string) => void removeMedia('video', result, name),
    [removeMedia],
  );
  return { deletePicture, deleteVideo };
}

/**
 * Pictures and videos of results: camera pictures through the image editor (usePictureUpload),
 * videos by the client media rules (useVideoUpload), deletes (useMediaDelete). Both uploads with
 * progress (web-core's uploadWithProgress).
 */
export function useResultMedia({
  storeId,
  inspectionOrderId,
  writer,
}: {
  storeId: string;
  inspectionOrderId: string;
  writer: ReturnType<typeof useResultWriter>;
}) {
  const { t } = useTranslation(['inspectionPage', 'media']);
  const { user } = useSignedIn();
  const queryClient = useQueryClient();
  const errorText = useInspectionErrorText();
  const { uploads, track } = useUploads();
  const { ensureSaved, refreshOrder, touchOrder } = writer;
  const latest = useRef<Latest>({ t, errorText, user });
  latest.current = { t, errorText, user };

  const storeResult = useCallback(
    (saved: InspectionResult) => {
      // Only the media come from this answer: a severity change of the row may be on its way.
      updateCachedResult(queryClient, storeId, inspectionOrderId, saved._id, (r) =>
        r ? { ...r, pictures: saved.pictures, videos: saved.videos } : saved,
      );
      touchOrder();
      refreshOrder();
    },
    [queryClient, storeId, inspectionOrderId, touchOrder, refreshOrder],
  );

  const context: MediaContext = { storeId, inspectionOrderId, ensureSaved, latest, track, storeResult };
  const { editing, takePicture, closeEditor, onEdited } = usePictureUpload(context);
  const addVideo = useVideoUpload(context);
  const { deletePicture, deleteVideo } = useMediaDelete(context);

  return {
    editing,
    uploads,
    takePicture,
    closeEditor,
    onEdited,
    addVideo,
    deletePicture,
    deleteVideo,
  };
}

/** The uploads under way, with their progress, in a corner that stays in view while scrolling. */
export function UploadList({ uploads }: { uploads: readonly Upload[] }) {
  const { t } = useTranslation('inspectionPage');
  if (uploads.length === 0) return null;
  return (
    <Affix position={{ bottom: 16, right: 16 }}>
      <Paper withBorder shadow="md" p="sm" w={300} aria-label={t('uploads')} role="region">
        <Stack gap="xs">
          {uploads.map((u) => (
            <div key={u.id}>
              <Text size="sm">{t('uploading', { name: u.name })}</Text>
              <Progress
                value={Math.round((u.fraction ?? 0) * 100)}
                animated={u.fraction === null}
                aria-label={t('uploading', { name: u.name })}
              />
            </div>
          ))}
        </Stack>
      </Paper>
    </Affix>
  );
}
