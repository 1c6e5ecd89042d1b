import { memo, useCallback, useDeferredValue, useRef, useSyncExternalStore } from 'react';
import { ActionIcon, Badge, Button, Group, Loader, NumberInput, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isDecidable, lineDecisionStates, type CannedJob, type EstimateLine, type LineDecisionState } from '@servicebay/domain';
import { DecisionBadge } from './DecisionBadge.js';
import { JobPicker } from './JobPicker.js';
import { SEVERITY_COLOR } from './format.js';
import type { EstimateGridStore, LineSaveState } from './estimate-grid-store.js';
import {
  changeRow,
  draftAmounts,
  draftWithJob,
  isNoLongerRecommended,
  newFee,
  newPart,
  removeRow,
  shownProblems,
  touchedAfterRemoval,
  type FeeDraft,
  type PartDraft,
  type Typed,
} from './estimate-lines.js';

/** What every line of one grid shares; one object, so the lines' props stay the same between renders. */
export interface GridContext {
  store: EstimateGridStore;
  readOnly: boolean;
  jobs: readonly CannedJob[];
  money: (cents: number) => string;
  errorText: (error: unknown) => string;
  onDelete: (lineId: string) => void;
}

const STATE_COLOR: Record<LineSaveState, string> = {
  saved: 'teal.9',
  saving: 'blue.8',
  unsaved: 'gray.7',
  failed: 'red.8',
  invalid: 'red.8',
};
const STATE_MARK: Record<LineSaveState, string> = { saved: '✓', saving: '', unsaved: '•', failed: '!', invalid: '!' };

/** A number field of the grid: what is typed stays as typed (a trailing point, a comma). */
function GridNumber(props: {
  label: string;
  value: Typed;
  readOnly: boolean;
  error?: string;
  max: number;
  decimals?: number;
  suffix?: string;
  onChange: (value: Typed) => void;
  onBlur: () => void;
}) {
  return (
    <NumberInput
      aria-label={props.label}
      value={props.value}
      readOnly={props.readOnly}
      error={props.error}
      min={0}
      max={props.max}
      allowNegative={false}
      decimalScale={props.decimals ?? 2}
      hideControls
      rightSection={props.suffix ? <Text size="sm" c="dimmed">{props.suffix}</Text> : undefined}
      rightSectionPointerEvents="none"
      onChange={props.onChange}
      onBlur={props.onBlur}
      inputMode="decimal"
    />
  );
}

/** Where a line's changes are, in words (not colour alone), with a retry after a refusal. */
function SaveState({ state, n, onRetry }: { state: LineSaveState; n: number; onRetry: () => void }) {
  const { t } = useTranslation('estimates');
  const label = t(`save.${state}`);
  return (
    <div className="sb-grid-state" data-testid="line-state" data-state={state}>
      <Group gap={6} wrap="nowrap">
        {state === 'saving' ? <Loader size={12} aria-hidden="true" /> : <Text span c={STATE_COLOR[state]} fw={700} aria-hidden="true">{STATE_MARK[state]}</Text>}
        <Text span size="sm" c={STATE_COLOR[state]} fw={state === 'saved' ? 400 : 600}>
          {label}
        </Text>
      </Group>
      {state === 'failed' && (
        <Button size="compact-sm" variant="default" mt={4} onClick={onRetry} aria-label={t('save.retryLine', { n })}>
          {t('save.retry')}
        </Button>
      )}
    </div>
  );
}


/** The parts of a line the grid draws apart, each again only when what it shows changes. */
interface RowProps {
  store: EstimateGridStore;
  id: string;
  n: number;
  readOnly: boolean;
}

/** Focus asked for a row about to appear (a part or fee just added), by field path. */
type FocusNext = { current: string | null };

/** A ref that focuses its input when it is the field asked for. */
function focusWhenAsked(focusNext: FocusNext, path: string) {
  return (el: HTMLInputElement | null) => {
    if (el && focusNext.current === path) {
      focusNext.current = null;
      el.focus();
    }
  };
}

/** The line's severity, the customer's decision, a stale flag, its description and its save state. */
const LineHead = memo(function LineHead({
  store,
  id,
  n,
  readOnly,
  line,
  description,
  problem,
  state,
  standing,
}: RowProps & {
  line: EstimateLine;
  description: string;
  problem?: string;
  state: LineSaveState;
  standing: LineDecisionState | null;
}) {
  const { t } = useTranslation('estimates');
  return (
    <div className="sb-grid-main">
      <Text fw={700} ta="right" lh="2.25rem" aria-hidden="true">
        {n}
      </Text>
      <div>
        <Group gap={6} mb={4}>
          {line.severity ? (
            <Badge size="sm" color={SEVERITY_COLOR[line.severity]} autoContrast data-testid="line-severity">
              {t(`severity.${line.severity}`)}
            </Badge>
          ) : (
            <Badge size="sm" variant="outline" color="gray.7">
              {t('line.byHand')}
            </Badge>
          )}
          {/* Decided, or priced at zero (the customer's report shows it as information); undecided says nothing. */}
          {(standing === 'approved' || standing === 'declined' || (standing === 'information' && isDecidable(line.severity))) && (
            <DecisionBadge size="sm" state={standing} testId="line-decision" />
          )}
          {isNoLongerRecommended(line) && (
            <Text size="sm" c="red.8" data-testid="line-stale">
              {t('line.noLongerRecommended')}
            </Text>
          )}
        </Group>
        <TextInput
          aria-label={t('line.description', { n })}
          value={description}
          maxLength={500}
          readOnly={readOnly}
          error={problem}
          onChange={(e) => {
            const text = e.currentTarget.value;
            store.edit(id, (d) => ({ ...d, description: text }));
          }}
          onBlur={() => store.touch(id, 'description')}
        />
      </div>
      {readOnly ? <span /> : <SaveState state={state} n={n} onRetry={() => store.retry(id)} />}
    </div>
  );
});

/** Labour hours and amount, the canned job picker, the line's total. */
const LineCosts = memo(function LineCosts({
  store,
  id,
  n,
  readOnly,
  hours,
  problem,
  labour,
  subtotal,
  jobs,
}: RowProps & { hours: Typed; problem?: string; labour: string; subtotal: string; jobs: readonly CannedJob[] }) {
  const { t } = useTranslation('estimates');
  const describe = useCallback(() => store.getLine(id)?.draft.description ?? '', [store, id]);
  const pick = useCallback(
    (job: CannedJob) => store.edit(id, (d) => draftWithJob(d, job), { touched: () => new Set(), now: true }),
    [store, id],
  );
  return (
    <div className="sb-grid-costs">
      <span />
      <GridNumber
        label={t('line.labourHours', { n })}
        value={hours}
        readOnly={readOnly}
        error={problem}
        max={999}
        suffix="h"
        onChange={(labourHours) => store.edit(id, (d) => ({ ...d, labourHours }))}
        onBlur={() => store.touch(id, 'labourHours')}
      />
      <Text className="sb-grid-amount" size="sm" data-testid="line-labour">
        {labour}
      </Text>
      {readOnly ? (
        <span />
      ) : (
        <JobPicker jobs={jobs} label={t('jobs.pick', { n })} placeholder={t('jobs.placeholder')} describe={describe} onPick={pick} testId="line-job" />
      )}
      <Text className="sb-grid-amount" fw={700} data-testid="line-subtotal">
        <VisuallyHidden>{t('line.subtotal', { n })}: </VisuallyHidden>
        {subtotal}
      </Text>
    </div>
  );
});

/** One part of a line: number, description, quantity, unit price, amount. */
const PartRow = memo(function PartRow({
  store,
  id,
  n,
  readOnly,
  i,
  part,
  amount,
  problems,
  focusNext,
}: RowProps & { i: number; part: PartDraft; amount: string; problems: string; focusNext: FocusNext }) {
  const { t } = useTranslation('estimates');
  const p = i + 1;
  const at = `parts.${i}`;
  const shown = problems ? (JSON.parse(problems) as Record<string, string>) : {};
  const set = (change: Partial<PartDraft>) => store.edit(id, (d) => ({ ...d, parts: changeRow(d.parts, i, change) }));
  const touch = (field: string) => () => store.touch(id, `${at}.${field}`);
  return (
    <div className="sb-grid-part" data-testid="line-part">
      <TextInput
        aria-label={t('part.numberOf', { p, n })}
        value={part.number}
        maxLength={60}
        readOnly={readOnly}
        onChange={(e) => set({ number: e.currentTarget.value })}
        onBlur={touch('number')}
      />
      <TextInput
        ref={focusWhenAsked(focusNext, `${at}.description`)}
        aria-label={t('part.descriptionOf', { p, n })}
        value={part.description}
        maxLength={200}
        readOnly={readOnly}
        error={shown.description}
        onChange={(e) => set({ description: e.currentTarget.value })}
        onBlur={touch('description')}
      />
      <GridNumber
        label={t('part.quantityOf', { p, n })}
        value={part.quantity}
        readOnly={readOnly}
        error={shown.quantity}
        max={9999}
        onChange={(quantity) => set({ quantity })}
        onBlur={touch('quantity')}
      />
      <GridNumber
        label={t('part.unitPriceOf', { p, n })}
        value={part.unitPrice}
        readOnly={readOnly}
        error={shown.unitPrice}
        max={10_000_000}
        onChange={(unitPrice) => set({ unitPrice })}
        onBlur={touch('unitPrice')}
      />
      <Text className="sb-grid-amount" size="sm">
        {amount}
      </Text>
      {!readOnly && (
        <ActionIcon
          variant="subtle"
          color="gray.7"
          size="lg"
          aria-label={t('part.remove', { p, n })}
          onClick={() =>
            store.edit(id, (d) => ({ ...d, parts: removeRow(d.parts, i) }), {
              touched: (tt) => touchedAfterRemoval(tt, 'parts', i),
              now: true,
            })
          }
        >
          ×
        </ActionIcon>
      )}
    </div>
  );
});

/** One fee of a line: description and amount. */
const FeeRow = memo(function FeeRow({
  store,
  id,
  n,
  readOnly,
  i,
  fee,
  problems,
  focusNext,
}: RowProps & { i: number; fee: FeeDraft; problems: string; focusNext: FocusNext }) {
  const { t } = useTranslation('estimates');
  const f = i + 1;
  const at = `fees.${i}`;
  const shown = problems ? (JSON.parse(problems) as Record<string, string>) : {};
  const set = (change: Partial<FeeDraft>) => store.edit(id, (d) => ({ ...d, fees: changeRow(d.fees, i, change) }));
  return (
    <div className="sb-grid-fee" data-testid="line-fee">
      <TextInput
        ref={focusWhenAsked(focusNext, `${at}.description`)}
        aria-label={t('fee.descriptionOf', { f, n })}
        value={fee.description}
        maxLength={200}
        readOnly={readOnly}
        error={shown.description}
        onChange={(e) => set({ description: e.currentTarget.value })}
        onBlur={() => store.touch(id, `${at}.description`)}
      />
      <GridNumber
        label={t('fee.amountOf', { f, n })}
        value={fee.amount}
        readOnly={readOnly}
        error={shown.amount}
        max={10_000_000}
        onChange={(amount) => set({ amount })}
        onBlur={() => store.touch(id, `${at}.amount`)}
      />
      <span />
      {!readOnly && (
        <ActionIcon
          variant="subtle"
          color="gray.7"
          size="lg"
          aria-label={t('fee.remove', { f, n })}
          onClick={() =>
            store.edit(id, (d) => ({ ...d, fees: removeRow(d.fees, i) }), {
              touched: (tt) => touchedAfterRemoval(tt, 'fees', i),
              now: true,
            })
          }
        >
          ×
        </ActionIcon>
      )}
    </div>
  );
});

/** The column names above a line's parts or fees. */
const SubHead = memo(function SubHead({ of }: { of: 'parts' | 'fees' }) {
  const { t } = useTranslation('estimates');
  const heads =
    of === 'parts'
      ? [t('part.number'), t('part.description'), t('part.quantity'), t('part.unitPrice'), t('part.amount')]
      : [t('fee.description'), t('fee.amount')];
  return (
    <div className="sb-grid-subhead" data-of={of} aria-hidden="true">
      {heads.map((h, i) => (
        <Text key={h} size="xs" c="dimmed" fw={600} ta={(of === 'parts' ? i >= 2 : i === 1) ? 'right' : undefined}>
          {h}
        </Text>
      ))}
    </div>
  );
});

/** A line's buttons: add a part, add a fee (the new row's name field takes the focus), delete the line. */
const LineActions = memo(function LineActions({
  store,
  id,
  n,
  parts,
  fees,
  focusNext,
  onDelete,
}: RowProps & { parts: number; fees: number; focusNext: FocusNext; onDelete: (lineId: string) => void }) {
  const { t } = useTranslation('estimates');
  return (
    <Group gap="xs" className="sb-grid-actions">
      <Button
        size="compact-sm"
        variant="subtle"
        aria-label={t('part.addTo', { n })}
        onClick={() => {
          focusNext.current = `parts.${parts}.description`;
          store.edit(id, (d) => ({ ...d, parts: [...d.parts, newPart()] }));
        }}
      >
        + {t('part.add')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        aria-label={t('fee.addTo', { n })}
        onClick={() => {
          focusNext.current = `fees.${fees}.description`;
          store.edit(id, (d) => ({ ...d, fees: [...d.fees, newFee()] }));
        }}
      >
        + {t('fee.add')}
      </Button>
      <Button size="compact-sm" variant="subtle" color="red.8" ml="auto" onClick={() => onDelete(id)}>
        {t('line.delete', { n })}
      </Button>
    </Group>
  );
});

/** The shown problems of one part or fee row, by field, as one string (so the row's memo compares it). */
function rowProblems(problems: Record<string, string>, prefix: string): string {
  const own = Object.entries(problems).filter(([path]) => path.startsWith(`${prefix}.`));
  return own.length ? JSON.stringify(Object.fromEntries(own.map(([path, text]) => [path.slice(prefix.length + 1), text]))) : '';
}

/**
 * One line of the estimate grid: its description, labour hours, canned job, parts and fees,
 * edited in place and saved by the grid's store as the advisor types (docs/estimates.md).
 * Redrawn only when its own line changes, and then only the rows whose values changed.
 */
export const EstimateGridLine = memo(function EstimateGridLine({ id, context }: { id: string; context: GridContext }) {
  const { t } = useTranslation('estimates');
  const { store, readOnly, jobs, money, errorText, onDelete } = context;
  const view = useSyncExternalStore(
    useCallback((listener: () => void) => store.subscribeLine(id, listener), [store, id]),
    () => store.getLine(id),
  );
  const focusNext = useRef<string | null>(null);
  // The key's own work first (the field shows what was typed); the line's amounts follow in a
  // render React may put off, so a quick typist never waits for them.
  const deferred = useDeferredValue(view);
  if (!view || !deferred) return null;
  const { n, line, draft, state } = view;
  const problems = Object.fromEntries(
    Object.entries(shownProblems(draft, view.touched)).map(([path, problem]) => [path, t(`problems.${problem}`)]),
  );
  const estimate = store.current();
  const amounts = draftAmounts(deferred.draft, estimate.labourRate);
  // As the customer's report will show it: by the saved prices of every line of its result.
  const standing = lineDecisionStates(estimate.lines)[estimate.lines.findIndex((l) => l._id === id)] ?? null;
  const row = { store, id, n, readOnly };

  return (
    <li className="sb-grid-line" data-testid="estimate-line" data-line={id} data-state={state} aria-label={t('line.label', { n })}>
      <LineHead
        {...row}
        line={line}
        description={draft.description}
        problem={problems.description}
        state={state}
        standing={standing}
      />
      <LineCosts
        {...row}
        hours={draft.labourHours}
        problem={problems.labourHours}
        labour={money(amounts.labour)}
        subtotal={money(amounts.subtotal)}
        jobs={jobs}
      />

      {draft.parts.length > 0 && <SubHead of="parts" />}
      {draft.parts.map((part, i) => (
        <PartRow
          key={i}
          {...row}
          i={i}
          part={part}
          amount={money(draftAmounts({ description: '', labourHours: 0, parts: [part], fees: [] }, 0).parts)}
          problems={rowProblems(problems, `parts.${i}`)}
          focusNext={focusNext}
        />
      ))}

      {draft.fees.length > 0 && <SubHead of="fees" />}
      {draft.fees.map((fee, i) => (
        <FeeRow key={i} {...row} i={i} fee={fee} problems={rowProblems(problems, `fees.${i}`)} focusNext={focusNext} />
      ))}

      {state === 'failed' && (
        <Text size="sm" c="red.8" role="alert" className="sb-grid-actions">
          {t('save.failedReason', { n, message: errorText(view.error) })}
        </Text>
      )}
      {!readOnly && <LineActions {...row} parts={draft.parts.length} fees={draft.fees.length} focusNext={focusNext} onDelete={onDelete} />}
    </li>
  );
});
