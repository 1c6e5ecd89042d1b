import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The dialogs themselves (Mantine's Modal, its focus trap, scroll lock and scroll area). An app
// that draws none on its first page gets them from DialogsProvider on demand (dialogs.tsx).

export interface ConfirmOptions {
  /** Defaults to the product name. */
  title?: string;
  message: ReactNode;
  okLabel?: string;
  cancelLabel?: string;
  /** For a message the user can only acknowledge; closing it then counts as OK. */
  hideCancel?: boolean;
  /** Paints OK red, for a step that destroys something. */
  danger?: boolean;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  opened,
  title,
  message,
  okLabel,
  cancelLabel,
  hideCancel = false,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation(['ui', 'app']);
  return (
    <Modal
      opened={opened}
      onClose={hideCancel ? onConfirm : onCancel}
      title={title ?? t('app:name')}
      centered
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
    >
      <Stack gap="lg">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <Group justify="flex-end">
          {!hideCancel && (
            <Button variant="default" onClick={onCancel}>
              {cancelLabel ?? t('ui:dialog.cancel')}
            </Button>
          )}
          {/* OK takes the focus, so Enter confirms and a keyboard user starts on the likely answer. */}
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} data-autofocus>
            {okLabel ?? t('ui:dialog.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export interface PromptOptions {
  title?: string;
  /** The input's label; already translated. */
  label: string;
  message?: ReactNode;
  defaultValue?: string;
  /** OK stays disabled until something other than spaces is typed. */
  required?: boolean;
  okLabel?: string;
  cancelLabel?: string;
  inputType?: 'text' | 'password' | 'email' | 'tel' | 'number';
}

export interface PromptDialogProps extends PromptOptions {
  opened: boolean;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}

export function PromptDialog({
  opened,
  title,
  label,
  message,
  defaultValue = '',
  required = false,
  okLabel,
  cancelLabel,
  inputType = 'text',
  onSubmit,
  onCancel,
}: PromptDialogProps) {
  const { t } = useTranslation(['ui', 'app']);
  const [value, setValue] = useState(defaultValue);
  const blocked = required && value.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blocked) onSubmit(value);
  };
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title ?? t('app:name')}
      centered
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
    >
      <form onSubmit={submit}>
        <Stack gap="lg">
          {typeof message === 'string' ? <Text>{message}</Text> : message}
          <TextInput
            label={label}
            type={inputType}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            required={required}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {cancelLabel ?? t('ui:dialog.cancel')}
            </Button>
            <Button type="submit" disabled={blocked}>
              {okLabel ?? t('ui:dialog.ok')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export interface LoadingModalProps {
  opened: boolean;
  /** Already translated; defaults to "Loading…". */
  message?: string;
}

/** Blocks the screen while something the user must wait for runs; it cannot be dismissed. */
export function LoadingModal({ opened, message }: LoadingModalProps) {
  const { t } = useTranslation('ui');
  return (
    <Modal.Root
      opened={opened}
      onClose={() => {}}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="xs"
    >
      <Modal.Overlay />
      <Modal.Content aria-busy="true">
        <Modal.Body>
          <Stack align="center" gap="md" py="md">
            <Loader aria-hidden="true" />
            {/* The message is the dialog's title, so a screen reader names the dialog by it. */}
            <Modal.Title ta="center" fw={400} fz="md">
              {message ?? t('loading.default')}
            </Modal.Title>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
