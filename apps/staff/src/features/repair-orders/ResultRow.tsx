import { memo, useRef, useState, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  OTHER_FINDING,
  DEFICIENCY_REASON_CODES,
  findingChoices,
  RESULT_SEVERITIES,
  suggestSeverity,
  type InspectionItem,
  type InspectionResult,
  type PreviousMeasurement,
  type ResultSeverity,
  type ResultVideo,
} from '@servicebay/domain';
import { CameraIcon } from '@servicebay/ui';
import { formatDate, DATE_FORMATS } from '@servicebay/web-core';
import {
  findingPatch,
  localized,
  measurementPatch,
  parseMeasurement,
  severityPatch,
  type ItemRow,
  type ResultPatch,
} from './inspection-model.js';
import { usePending, type PendingStore } from './useResultWriter.js';

export type RowTarget = Pick<ItemRow, 'key' | 'group' | 'section' | 'item'>;

/** What a row can do; one stable object for every row, so a change re-renders only its own row. */
export interface RowActions {
  /** Resolves true once the server took the change, false when it was refused. */
  change: (target: RowTarget, current: InspectionResult | null, patch: ResultPatch) => Promise<boolean>;
  remove: (target: RowTarget, current: InspectionResult) => void;
  takePicture: (target: RowTarget, file: File) => void;
  addVideo: (target: RowTarget, file: File) => void;
  openPictures: (result: InspectionResult, index: number) => void;
  playVideo: (video: ResultVideo) => void;
  deletePicture: (target: RowTarget, result: InspectionResult, name: string) => void;
  deleteVideo: (target: RowTarget, result: InspectionResult, name: string) => void;
}

export interface ResultRowProps {
  rowKey: string;
  group: string;
  section: string;
  item: InspectionItem;
  result: InspectionResult | null;
  reading: number | null;
  previous: PreviousMeasurement | undefined;
  pendingStore: PendingStore;
  readOnly: boolean;
  actions: RowActions;
}

/** Selected severity: filled, with a text colour the theme picks for contrast; the others neutral. */
const SEVERITY_COLOR: Record<ResultSeverity, string> = {
  okay: 'teal.9', // white on green.9 is 4.4:1, under WCAG AA's 4.5:1
  warning: 'yellow.5',
  critical: 'red.9',
  na: 'gray.7',
};

/** A picture's thumbnail: the 640 px phone copy, cropped to 4:3. */
const THUMB_STYLE = {
  width: 96,
  height: 72,
  objectFit: 'cover',
  borderRadius: 6,
  display: 'block',
  background: 'var(--sb-color-placeholder)',
} as const;

/**
 * One item (or one reading of a multiple item) on a technician's tablet: a tap per severity,
 * the finding and recommendation, the measurement with a number pad, the note, pictures and
 * videos. Memoized: its props keep their identity unless this row's result changes.
 */
export const ResultRow = memo(function ResultRow({
  rowKey,
  group,
  section,
  item,
  result,
  reading,
  previous,
  pendingStore,
  readOnly,
  actions,
}: ResultRowProps) {
  const pending = usePending(pendingStore, rowKey);
  const { t, i18n } = useTranslation(['inspectionPage', 'inspections']);
  const language = i18n.language;
  const name = localized(item.name, language);
  const target: RowTarget = { key: rowKey, group, section, item };
  const severity = result?.result ?? null;
  const change = (patch: ResultPatch) => actions.change(target, result, patch);
  const cameraRef = useRef<HTMLInputElement>(null);
  const videoRef = useRef<HTMLInputElement>(null);
  const [noteOpen, setNoteOpen] = useState(false);
  const [measureError, setMeasureError] = useState(false);
  const measurement = item.measurement;
  const unit = measurement ? t(`inspections:units.${measurement.unit}`) : '';
  const finding = item.findings.find((f) => f.key === result?.finding) ?? null;
  const shownSuggestion =
    measurement && result?.value != null ? suggestSeverity(measurement, result.value) : null;

  const commitMeasurement = (text: string) => {
    if (!measurement) return;
    const parsed = parseMeasurement(text, measurement);
    if (parsed.kind === 'invalid') return setMeasureError(true);
    setMeasureError(false);
    const value = parsed.kind === 'value' ? parsed.value : null;
    if (value === (result?.value ?? null)) return;
    change(measurementPatch(item, result, value));
  };
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.currentTarget.blur();
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid={`item-${item.itemKey}`}
      data-item-key={item.itemKey}
      data-pending={pending || undefined}
      data-severity={severity ?? undefined}
      // Rows out of view are neither laid out nor painted: a tap re-lays one row, not the page.
      // Scrolled to, a row stays clear of the app header and the sticky progress bar above it.
      style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 160px', scrollMarginTop: 220 }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs">
            <Text fw={600} component="h4" m={0} size="md">
              {name}
              {reading !== null && ` · ${t('reading', { number: reading })}`}
            </Text>
            {item.required && (
              <Badge variant="outline" color="gray.7" size="sm">
                {t('required')}
              </Badge>
            )}
            {result?.deferredIgnoredByCustomer && (
              <Badge color="grape.9" size="sm">
                {t('deferred')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="row-status">
            {pending ? t('saving') : ''}
          </Text>
        </Group>
        <Group gap="xs" role="group" aria-label={t('severityGroup', { item: name })} wrap="wrap">
          {RESULT_SEVERITIES.map((s) => (
            <Button
              key={s}
              size="md"
              miw={112}
              variant={severity === s ? 'filled' : 'default'}
              color={SEVERITY_COLOR[s]}
              autoContrast
              aria-pressed={severity === s}
              disabled={readOnly}
              onClick={() => change(severityPatch(item, result, s))}
            >
              {t(`inspections:severity.${s}`)}
            </Button>
          ))}
        </Group>
        {measurement && (
          <Group gap="md" align="flex-end" wrap="wrap">
            <TextInput
              key={`value-${result?.value ?? ''}`}
              label={t('measurement', { unit })}
              description={t('measurementHelp', { min: measurement.min, max: measurement.max })}
              defaultValue={result?.value ?? ''}
              inputMode="decimal"
              enterKeyHint="done"
              autoComplete="off"
              w={180}
              size="md"
              disabled={readOnly}
              error={
                measureError ? t('outOfRange', { min: measurement.min, max: measurement.max }) : undefined
              }
              onBlur={(e) => commitMeasurement(e.currentTarget.value)}
              onKeyDown={onEnter}
            />
            <Stack gap={2}>
              {shownSuggestion && (
                <Text size="sm" data-testid="suggested-severity">
                  {t('suggested', { severity: t(`inspections:severity.${shownSuggestion}`) })}
                </Text>
              )}
              {previous && (
                <Text size="sm" c="dimmed" data-testid="previous-measurement">
                  {t('previous', {
                    value: previous.value,
                    unit,
                    date: formatDate(previous.date, DATE_FORMATS.date, language),
                  })}
                </Text>
              )}
            </Stack>
          </Group>
        )}
        {severity !== null && severity !== 'na' && (
          <Group gap="md" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('finding')}
              size="md"
              w={260}
              disabled={readOnly}
              value={result?.finding ?? ''}
              onChange={(e) =>
                change(
                  findingPatch(item, severity, e.currentTarget.value === '' ? null : e.currentTarget.value),
                )
              }
              data={[
                { value: '', label: t('chooseFinding') },
                ...findingChoices(item, severity, result?.finding ?? null).map((f) => ({
                  value: f.key,
                  label: localized(f.text, language),
                })),
                { value: OTHER_FINDING, label: t('otherFinding') },
              ]}
            />
            {result?.finding === OTHER_FINDING && (
              <TextInput
                key={`ft-${result.findingText ?? ''}`}
                label={t('findingText')}
                size="md"
                w={260}
                disabled={readOnly}
                defaultValue={result.findingText ?? ''}
                onBlur={(e) => {
                  const text = e.currentTarget.value.trim() || null;
                  if (text !== result.findingText) change({ findingText: text });
                }}
                onKeyDown={onEnter}
              />
            )}
            {severity !== 'okay' && finding && finding.recommendations.length > 0 && (
              <NativeSelect
                label={t('recommendation')}
                size="md"
                w={260}
                disabled={readOnly}
                value={result?.recommendation ?? ''}
                onChange={(e) => change({ recommendation: e.currentTarget.value || null })}
                data={[
                  { value: '', label: t('noRecommendation') },
                  ...finding.recommendations.map((r) => ({
                    value: r.key,
                    label: localized(r.text, language),
                  })),
                ]}
              />
            )}
            {(severity === 'warning' || severity === 'critical') && (
              <NativeSelect
                label={t('reasonCode')}
                size="md"
                w={260}
                disabled={readOnly}
                value={result?.mapValue ?? ''}
                onChange={(e) => change({ mapValue: e.currentTarget.value || null })}
                data={[
                  // No code: the report shows the default text (the MAP's).
                  { value: '', label: t('noReasonCode') },
                  ...DEFICIENCY_REASON_CODES[severity].map((code) => ({
                    value: code,
                    label: `${code} · ${t(`inspections:deficiency.${code}`)}`,
                  })),
                ]}
              />
            )}
            {severity !== 'okay' && result?.finding === OTHER_FINDING && (
              <TextInput
                key={`rt-${result.recommendationText ?? ''}`}
                label={t('recommendationText')}
                size="md"
                w={260}
                disabled={readOnly}
                defaultValue={result.recommendationText ?? ''}
                onBlur={(e) => {
                  const text = e.currentTarget.value.trim() || null;
                  if (text !== result.recommendationText) change({ recommendationText: text });
                }}
                onKeyDown={onEnter}
              />
            )}
          </Group>
        )}
        {noteOpen || result?.note ? (
          <Textarea
            key={`note-${result?.note ?? ''}`}
            label={t('note')}
            autosize
            minRows={1}
            disabled={readOnly}
            defaultValue={result?.note ?? ''}
            autoFocus={noteOpen && !result?.note}
            onBlur={(e) => {
              const text = e.currentTarget.value.trim() || null;
              if (text !== (result?.note ?? null)) change({ note: text });
              else if (!text) setNoteOpen(false);
            }}
          />
        ) : null}
        <Group gap="xs" wrap="wrap">
          {!noteOpen && !result?.note && !readOnly && (
            <Button variant="subtle" size="sm" onClick={() => setNoteOpen(true)}>
              {t('addNote')}
            </Button>
          )}
          {!readOnly && (
            <>
              <input
                ref={cameraRef}
                type="file"
                accept="image/*"
                capture="environment"
                hidden
                aria-label={t('cameraInput', { item: name })}
                data-testid="camera-input"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = '';
                  if (file) actions.takePicture(target, file);
                }}
              />
              <Button
                variant="light"
                size="sm"
                leftSection={<CameraIcon size={16} />}
                onClick={() => cameraRef.current?.click()}
              >
                {t('takePicture')}
              </Button>
              <input
                ref={videoRef}
                type="file"
                accept="video/*"
                capture="environment"
                hidden
                aria-label={t('videoInput', { item: name })}
                data-testid="video-input"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = '';
                  if (file) actions.addVideo(target, file);
                }}
              />
              <Button variant="light" size="sm" onClick={() => videoRef.current?.click()}>
                {t('addVideo')}
              </Button>
            </>
          )}
          {result && result.pictures.length > 0 && (
            <Button
              variant="default"
              size="sm"
              aria-label={t('openPictures', { item: name })}
              onClick={() => actions.openPictures(result, 0)}
              data-testid="picture-count"
            >
              {t('pictures', { count: result.pictures.length })}
            </Button>
          )}
          {result && result.videos.length > 0 && (
            <Badge variant="outline" color="gray.7" data-testid="video-count">
              {t('videos', { count: result.videos.length })}
            </Badge>
          )}
          {reading !== null && result && !readOnly && (
            <Button variant="default" c="red" size="sm" onClick={() => actions.remove(target, result)}>
              {t('removeReading')}
            </Button>
          )}
        </Group>
        {result && (result.pictures.length > 0 || result.videos.length > 0) && (
          <Group gap="xs" wrap="wrap">
            {result.pictures.map((p, index) => (
              <div key={p.name} style={{ position: 'relative' }} data-testid="picture-thumb">
                <UnstyledButton
                  onClick={() => actions.openPictures(result, index)}
                  aria-label={t('openPicture', { name: p.name, item: name })}
                  title={p.name}
                >
                  <img
                    src={p.phone}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={96}
                    height={72}
                    style={THUMB_STYLE}
                  />
                </UnstyledButton>
                {!readOnly && (
                  <ActionIcon
                    variant="filled"
                    color="red.9"
                    size="md"
                    radius="xl"
                    style={{ position: 'absolute', top: -8, right: -8 }}
                    aria-label={t('deletePicture', { name: p.name })}
                    onClick={() => actions.deletePicture(target, result, p.name)}
                  >
                    ×
                  </ActionIcon>
                )}
              </div>
            ))}
            {result.videos.map((v) => (
              <Group key={v.name} gap={2} wrap="nowrap">
                <Button
                  variant="subtle"
                  size="compact-sm"
                  aria-label={t('playVideo', { name: v.name })}
                  onClick={() => actions.playVideo(v)}
                >
                  ▶ {v.name}
                </Button>
                {!readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={t('deleteVideo', { name: v.name })}
                    onClick={() => actions.deleteVideo(target, result, v.name)}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
});
