import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type EstimateFee,
  type EstimateLine,
  type EstimatePart,
  type UpdateEstimateLineRequest,
} from '@servicebay/domain';
import { SEVERITY_COLOR } from './format.js';
import {
  changeRow,
  draftAmounts,
  draftOf,
  draftProblems,
  isDirty,
  isNoLongerRecommended,
  lineSaveBody,
  maySaveDraft,
  newFee,
  newPart,
  removeRow,
  typedCents,
  typedLabourHours,
  typedPartNumber,
  typedQuantity,
  type LineDraft as Draft,
} from './estimate-lines.js';

/** A price typed in dollars and kept in cents. */
function MoneyInput(props: { label: string; readOnly: boolean; cents: number; onChange: (cents: number) => void }) {
  return (
    <NumberInput
      label={props.label}
      min={0}
      decimalScale={2}
      fixedDecimalScale
      readOnly={props.readOnly}
      value={props.cents / 100}
      onChange={(v) => props.onChange(typedCents(v))}
      w={130}
    />
  );
}

/** Removes a part or a fee row. */
function RemoveButton(props: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="default" size="lg" mb={2} aria-label={props.label} onClick={props.onClick}>
      ×
    </ActionIcon>
  );
}

/**
 * One line of the estimate on a tablet: its result's severity, description, labour hours, parts
 * and fees, edited in place and saved with one PUT (lists replaced whole).
 */
export function EstimateLineCard({
  line,
  index,
  labourRate,
  money,
  readOnly,
  saving,
  onSave,
  onDelete,
}: {
  line: EstimateLine;
  index: number;
  labourRate: number;
  money: (cents: number) => string;
  readOnly: boolean;
  saving: boolean;
  onSave: (body: UpdateEstimateLineRequest) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(['estimates', 'dashboard']);
  const [draft, setDraft] = useState<Draft>(() => draftOf(line));
  const n = index + 1;
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const setPart = (i: number, change: Partial<EstimatePart>) => set({ parts: changeRow(draft.parts, i, change) });
  const setFee = (i: number, change: Partial<EstimateFee>) => set({ fees: changeRow(draft.fees, i, change) });

  const dirty = isDirty(draft, line);
  const { descriptionMissing } = draftProblems(draft);
  const amounts = draftAmounts(draft, labourRate);
  const stale = isNoLongerRecommended(line);

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="li"
      data-testid="estimate-line"
      aria-label={t('line.label', { n })}
    >
      <Stack gap="sm">
        <Group gap="xs">
          {line.severity ? (
            <Badge color={SEVERITY_COLOR[line.severity]} autoContrast data-testid="line-severity">
              {t(`severity.${line.severity}`)}
            </Badge>
          ) : (
            <Badge variant="outline" color="gray.7">
              {t('line.byHand')}
            </Badge>
          )}
          {stale && (
            <Text size="sm" c="red" data-testid="line-stale">
              {t('line.noLongerRecommended')}
            </Text>
          )}
          {line.decision && (
            <Badge variant="outline" color={line.decision === 'approved' ? 'teal.9' : 'gray.7'}>
              {t(`decision.${line.decision}`)}
            </Badge>
          )}
        </Group>
        <TextInput
          label={t('line.description', { n })}
          value={draft.description}
          maxLength={500}
          readOnly={readOnly}
          onChange={(e) => set({ description: e.currentTarget.value })}
          error={descriptionMissing ? t('line.descriptionMissing') : undefined}
        />
        <Group gap="md" align="flex-end" wrap="wrap">
          <NumberInput
            label={t('line.labourHours', { n })}
            min={0}
            max={999}
            step={0.1}
            decimalScale={2}
            readOnly={readOnly}
            value={draft.labourHours}
            onChange={(v) => set({ labourHours: typedLabourHours(v) })}
            w={170}
          />
          <Text size="sm" pb={8}>
            {t('line.labourAmount', { amount: money(amounts.labour) })}
          </Text>
        </Group>

        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('line.parts')}
          </Text>
          {draft.parts.map((part, i) => (
            <Group key={i} gap="xs" align="flex-end" wrap="wrap" data-testid="line-part">
              <TextInput
                label={t('part.number')}
                value={part.number ?? ''}
                maxLength={60}
                readOnly={readOnly}
                onChange={(e) => setPart(i, { number: typedPartNumber(e.currentTarget.value) })}
                w={130}
              />
              <TextInput
                label={t('part.description')}
                value={part.description}
                maxLength={200}
                readOnly={readOnly}
                onChange={(e) => setPart(i, { description: e.currentTarget.value })}
                error={part.description.trim() === '' ? t('part.descriptionMissing') : undefined}
                style={{ flex: 1, minWidth: 180 }}
              />
              <NumberInput
                label={t('part.quantity')}
                min={0.01}
                max={9999}
                decimalScale={2}
                readOnly={readOnly}
                value={part.quantity}
                onChange={(v) => setPart(i, { quantity: typedQuantity(v) })}
                w={100}
              />
              <MoneyInput
                label={t('part.unitPrice')}
                readOnly={readOnly}
                cents={part.unitPrice}
                onChange={(unitPrice) => setPart(i, { unitPrice })}
              />
              {!readOnly && (
                <RemoveButton
                  label={t('part.remove', { n: i + 1 })}
                  onClick={() => set({ parts: removeRow(draft.parts, i) })}
                />
              )}
            </Group>
          ))}
          {!readOnly && (
            <Group>
              <Button
                variant="default"
                size="sm"
                onClick={() => set({ parts: [...draft.parts, newPart()] })}
              >
                {t('part.add')}
              </Button>
            </Group>
          )}
        </Stack>

        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('line.fees')}
          </Text>
          {draft.fees.map((fee, i) => (
            <Group key={i} gap="xs" align="flex-end" wrap="wrap" data-testid="line-fee">
              <TextInput
                label={t('fee.description')}
                value={fee.description}
                maxLength={200}
                readOnly={readOnly}
                onChange={(e) => setFee(i, { description: e.currentTarget.value })}
                error={fee.description.trim() === '' ? t('fee.descriptionMissing') : undefined}
                style={{ flex: 1, minWidth: 180 }}
              />
              <MoneyInput
                label={t('fee.amount')}
                readOnly={readOnly}
                cents={fee.amount}
                onChange={(amount) => setFee(i, { amount })}
              />
              {!readOnly && (
                <RemoveButton
                  label={t('fee.remove', { n: i + 1 })}
                  onClick={() => set({ fees: removeRow(draft.fees, i) })}
                />
              )}
            </Group>
          ))}
          {!readOnly && (
            <Group>
              <Button
                variant="default"
                size="sm"
                onClick={() => set({ fees: [...draft.fees, newFee()] })}
              >
                {t('fee.add')}
              </Button>
            </Group>
          )}
        </Stack>

        <Group justify="space-between" wrap="wrap">
          <Text fw={700} data-testid="line-subtotal">
            {t('line.subtotal', { amount: money(amounts.subtotal) })}
          </Text>
          {!readOnly && (
            <Group gap="xs">
              <Button variant="default" c="red" onClick={onDelete}>
                {t('line.delete')}
              </Button>
              {dirty && (
                <Button variant="default" onClick={() => setDraft(draftOf(line))}>
                  {t('line.undo')}
                </Button>
              )}
              <Button
                disabled={!maySaveDraft(draft, line)}
                loading={saving}
                onClick={() => onSave(lineSaveBody(draft))}
              >
                {t('line.save')}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
