import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { Accordion, Alert, Box, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  actingRole,
  ORDER_WRITE_ROLES,
  readStoreSettings,
  type InspectionResult,
  type PreviousMeasurement,
  type ResultVideo,
} from '@servicebay/domain';
import { ApiError } from '@servicebay/web-core';
import { ImageGallery, LazyImageEditor, useDialogs, VideoPlayer, type GalleryPicture } from '@servicebay/ui';
import { useServices } from '../../context.js';
import { useSignedIn } from '../../session/signed-in.js';
import { inspectionTypeQuery, resultsQuery } from './inspection-api.js';
import {
  buildGroups,
  localized,
  pictureTotal,
  previousByItem,
  shareSections,
  type GroupView,
  type SectionView,
} from './inspection-model.js';
import { allOkPlan, inspectionProgress } from './inspection-progress.js';
import { InspectionProgressBar } from './InspectionProgressBar.js';
import { InspectionTypeChooser } from './InspectionTypeChooser.js';
import { focusItem, useItemJump } from './item-jump.js';
import { PrimaryPicture } from './PrimaryPicture.js';
import { ResultRow, type RowActions, type RowTarget } from './ResultRow.js';
import { useResultWriter, type PendingStore } from './useResultWriter.js';
import { UploadList, useResultMedia } from './useResultMedia.js';

/**
 * The inspection of the order page (docs/repair-order-page.md): the order's
 * inspection type as groups (vehicleDetails first and open) and sections, each item a row with
 * its result; pictures through the image editor, videos with the media rules; the gallery and
 * the video player.
 */
export const InspectionSection = memo(function InspectionSection({
  storeId,
  orderId,
  closed,
  pictureUrl,
  pictureName,
  business,
}: {
  storeId: string;
  orderId: string;
  closed: boolean;
  /** The customer's business name: the automatic inspection selection's key. */
  business: string | null;
  /** The order's primary picture (signed URL and name), or null. */
  pictureUrl: string | null;
  pictureName: string | null;
}) {
  const { t, i18n } = useTranslation('inspectionPage');
  const { api } = useServices();
  const { user, store } = useSignedIn();
  const type = useQuery(inspectionTypeQuery(api, storeId, orderId));
  const results = useQuery(resultsQuery(api, storeId, orderId));
  const writer = useResultWriter({
    storeId,
    inspectionOrderId: orderId,
    role: actingRole(user),
    timeTrackerEnabled: readStoreSettings(store).inspectionTimeTrackerEnable,
  });
  const media = useResultMedia({ storeId, inspectionOrderId: orderId, writer });
  const [gallery, setGallery] = useState<{ pictures: GalleryPicture[]; index: number } | null>(null);
  const [video, setVideo] = useState<ResultVideo | null>(null);

  const dialogs = useDialogs();
  const { change, remove: removeResult } = writer;
  const remove = useCallback(
    (target: RowTarget, current: InspectionResult) => {
      void dialogs
        .confirm({
          message: t('removeReadingConfirm', { item: localized(target.item.name, i18n.language) }),
          okLabel: t('removeReading'),
          danger: true,
        })
        .then((sure) => sure && removeResult(target, current));
    },
    [dialogs, removeResult, t, i18n.language],
  );
  const { takePicture, addVideo, deletePicture, deleteVideo } = media;
  const openPictures = useCallback((result: InspectionResult, index: number) => {
    setGallery({
      pictures: result.pictures.map((p) => ({
        url: p.gallery,
        name: p.name,
        worker: p.worker.name,
        dateTime: p.dateTime,
        gps: p.gpsCoords,
      })),
      index,
    });
  }, []);
  const actions = useMemo<RowActions>(
    () => ({
      change,
      remove,
      takePicture,
      addVideo,
      openPictures,
      playVideo: setVideo,
      deletePicture,
      deleteVideo,
    }),
    [change, remove, takePicture, addVideo, openPictures, deletePicture, deleteVideo],
  );

  const list = results.data?.results;
  const [openGroups, setOpenGroups] = useState<string[] | null>(null);
  useItemJump(orderId, (itemKey) => {
    const group = groups.find((g) => g.sections.some((s) => s.rows.some((r) => r.item.itemKey === itemKey)));
    if (!group) return;
    setOpenGroups((open) => {
      const current = open ?? defaultOpen;
      return current.includes(group.key) ? current : [...current, group.key];
    });
    const own = (list ?? []).filter((r) => r.itemKey === itemKey);
    const measured = own.some((r) => r.value !== null);
    const hasMeasurement = group.sections.some((s) => s.rows.some((r) => r.item.itemKey === itemKey && r.item.measurement));
    focusItem(itemKey, hasMeasurement && !measured);
  });
  const allOk = useAllOk(change);

  const built = useRef<GroupView[]>([]);
  const groups = useMemo(() => {
    const next = type.data && list ? shareSections(built.current, buildGroups(type.data, list)) : [];
    built.current = next;
    return next;
  }, [type.data, list]);
  const previous = useMemo(
    () => previousByItem(results.data?.previousMeasurements ?? []),
    [results.data?.previousMeasurements],
  );
  // The groups open at first; the accordion is controlled from the first change (a tap or a jump).
  const defaultOpen = groups.filter((g) => g.shownByDefault).map((g) => g.key);
  const language = i18n.language;

  const body = (() => {
    if (type.isPending || results.isPending) {
      return (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('loading')}</Text>
        </Group>
      );
    }
    if (type.isError || results.isError) {
      const error = type.error ?? results.error;
      return (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text>
              {error instanceof ApiError && error.status === 0 ? t('errors.offline') : t('loadFailed')}
            </Text>
            <Button
              variant="default"
              onClick={() => {
                if (type.isError) void type.refetch();
                if (results.isError) void results.refetch();
              }}
            >
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      );
    }
    if (groups.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
    const progress = inspectionProgress(type.data, results.data.results);
    return (
      <Stack gap="sm">
        <InspectionProgressBar
          orderId={orderId}
          answered={progress.answered}
          total={progress.total}
          left={progress.left}
          pictureTotal={pictureTotal(pictureUrl !== null, results.data.results)}
        />
        <Accordion
          multiple
          value={openGroups ?? defaultOpen}
          onChange={setOpenGroups}
          variant="separated"
          order={3}
          keepMounted={false}
        >
          {groups.map((g) => (
            <GroupItem
              key={g.key}
              group={g}
              language={language}
              previous={previous}
              pendingStore={writer.pendingStore}
              readOnly={closed}
              actions={actions}
              allOk={allOk.run}
              allOkRunning={allOk.running}
            />
          ))}
        </Accordion>
      </Stack>
    );
  })();

  return (
    <Paper withBorder radius="lg" p="md" data-testid="inspection">
      <Title order={2} size="h4" mb="xs">
        {t('title')}
        {type.data && ` · ${type.data.name}`}
      </Title>
      {type.data && (
        <InspectionTypeChooser
          storeId={storeId}
          orderId={orderId}
          typeId={type.data._id}
          typeName={type.data.name}
          business={business}
          closed={closed}
        />
      )}
      <Box maw={420} mb="md">
        <PrimaryPicture
          storeId={storeId}
          orderId={orderId}
          url={pictureUrl}
          name={pictureName}
          disabled={closed || !(ORDER_WRITE_ROLES as readonly string[]).includes(actingRole(user))}
        />
      </Box>
      {body}
      <UploadList uploads={media.uploads} />
      <LazyImageEditor file={media.editing?.file ?? null} onDone={media.onEdited} onClose={media.closeEditor} />
      <ImageGallery
        opened={gallery !== null}
        onClose={() => setGallery(null)}
        pictures={gallery?.pictures ?? []}
        initialIndex={gallery?.index ?? 0}
      />
      <VideoPlayer video={video} onClose={() => setVideo(null)} />
    </Paper>
  );
});

interface BlockProps {
  language: string;
  previous: ReadonlyMap<string, PreviousMeasurement>;
  pendingStore: PendingStore;
  readOnly: boolean;
  actions: RowActions;
  allOk: (section: SectionView) => void;
  /** The section whose "All OK" is being written, with how far it got; null when none. */
  allOkRunning: AllOkRun | null;
}

/** One group of the accordion; skipped when none of its sections changed. */
const GroupItem = memo(function GroupItem({ group, ...rest }: BlockProps & { group: GroupView }) {
  return (
    <Accordion.Item value={group.key} data-testid={`group-${group.key}`}>
      <Accordion.Control>{localized(group.name, rest.language)}</Accordion.Control>
      <Accordion.Panel>
        <Stack gap="md">
          {group.sections.map((section) => (
            <SectionBlock
              key={section.key}
              section={section}
              {...rest}
              allOkRunning={rest.allOkRunning?.key === sectionRunKey(section) ? rest.allOkRunning : null}
            />
          ))}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
});

/** One section and its rows; skipped when none of its rows changed (shareSections keeps it). */
const SectionBlock = memo(function SectionBlock({
  section,
  language,
  previous,
  pendingStore,
  readOnly,
  actions,
  allOk,
  allOkRunning,
}: BlockProps & { section: SectionView }) {
  const { t } = useTranslation('inspectionPage');
  const name = localized(section.name, language);
  const planned = allOkPlan(section.rows).length;
  return (
    <section aria-label={name}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Text fw={700}>{name}</Text>
        {!readOnly && (planned > 0 || allOkRunning) && (
          <Button
            color="teal.9"
            autoContrast
            size="md"
            data-testid={`all-ok-${section.key}`}
            aria-label={t('allOk.label', { section: name, count: planned })}
            loading={allOkRunning !== null}
            onClick={() => allOk(section)}
          >
            {t('allOk.button', { count: planned })}
          </Button>
        )}
        {allOkRunning && (
          <Text size="sm" role="status" w="100%">
            {t('allOk.progress', { done: allOkRunning.done, total: allOkRunning.total })}
          </Text>
        )}
      </Group>
      <Stack gap="sm">
        {section.rows.map((row) => (
          <ResultRow
            key={row.key}
            rowKey={row.key}
            group={row.group}
            section={row.section}
            item={row.item}
            result={row.result}
            reading={row.reading}
            previous={previous.get(row.item.itemKey)}
            pendingStore={pendingStore}
            readOnly={readOnly}
            actions={actions}
          />
        ))}
      </Stack>
    </section>
  );
});

export type { RowTarget };

/** An "All OK" being written: which section (group/section), how many writes done of how many. */
interface AllOkRun {
  key: string;
  done: number;
  total: number;
}

const sectionRunKey = (section: SectionView) => `${section.rows[0]?.group ?? ''}/${section.key}`;

/**
 * "All OK" for a section: okay on each item the plan names (`allOkPlan`: never one already set),
 * written one after the other through the rows' own write path, with progress; a refused write
 * stops the run (its alert says why). One run at a time.
 */
function useAllOk(change: RowActions['change']) {
  const [running, setRunning] = useState<AllOkRun | null>(null);
  const busy = useRef(false);
  const run = useCallback(
    (section: SectionView) => {
      if (busy.current) return;
      const steps = allOkPlan(section.rows);
      if (steps.length === 0) return;
      busy.current = true;
      const key = sectionRunKey(section);
      setRunning({ key, done: 0, total: steps.length });
      void (async () => {
        try {
          for (const [i, step] of steps.entries()) {
            const saved = await change(step.row, step.row.result, step.patch);
            if (saved === false) break;
            setRunning({ key, done: i + 1, total: steps.length });
          }
        } finally {
          busy.current = false;
          setRunning(null);
        }
      })();
    },
    [change],
  );
  return { run, running };
}
