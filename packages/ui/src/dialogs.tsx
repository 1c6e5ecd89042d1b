import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
    <Modal.Root opened={opened} onClose={() => {}} closeOnEscape={false} closeOnClickOutside={false} centered size="xs">
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

type Pending =
  | { id: number; kind: 'confirm'; options: ConfirmOptions; resolve: (ok: boolean) => void }
  | { id: number; kind: 'prompt'; options: PromptOptions; resolve: (value: string | null) => void };

export interface DialogsApi {
  /** Resolves true on OK, false on cancel (or closing, unless the cancel button is hidden). */
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** Resolves with the text on OK, null on cancel. */
  prompt(options: PromptOptions): Promise<string | null>;
  /** Shows the loading modal until the returned function is called. Nested calls stack. */
  showLoading(message?: string): () => void;
}

const DialogsContext = createContext<DialogsApi | null>(null);

/** Lets any component ask a question with `await dialogs.confirm(...)`; one dialog at a time, in order. */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);
  const [loading, setLoading] = useState<{ id: number; message?: string }[]>([]);
  const nextId = useRef(1);

  const settle = useCallback((id: number) => setQueue((q) => q.filter((p) => p.id !== id)), []);
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setQueue((q) => [...q, { id: nextId.current++, kind: 'confirm', options, resolve }]);
      }),
    [],
  );
  const prompt = useCallback(
    (options: PromptOptions) =>
      new Promise<string | null>((resolve) => {
        setQueue((q) => [...q, { id: nextId.current++, kind: 'prompt', options, resolve }]);
      }),
    [],
  );
  const showLoading = useCallback((message?: string) => {
    const id = nextId.current++;
    setLoading((l) => [...l, { id, message }]);
    return () => setLoading((l) => l.filter((entry) => entry.id !== id));
  }, []);
  const api = useMemo(() => ({ confirm, prompt, showLoading }), [confirm, prompt, showLoading]);

  const current = queue[0];
  const topLoading = loading.at(-1);
  return (
    <DialogsContext.Provider value={api}>
      {children}
      {current?.kind === 'confirm' && (
        <ConfirmDialog
          key={current.id}
          opened
          {...current.options}
          onConfirm={() => {
            current.resolve(true);
            settle(current.id);
          }}
          onCancel={() => {
            current.resolve(false);
            settle(current.id);
          }}
        />
      )}
      {current?.kind === 'prompt' && (
        <PromptDialog
          key={current.id}
          opened
          {...current.options}
          onSubmit={(value) => {
            current.resolve(value);
            settle(current.id);
          }}
          onCancel={() => {
            current.resolve(null);
            settle(current.id);
          }}
        />
      )}
      <LoadingModal opened={Boolean(topLoading)} message={topLoading?.message} />
    </DialogsContext.Provider>
  );
}

export function useDialogs(): DialogsApi {
  const api = useContext(DialogsContext);
  if (!api) throw new Error('useDialogs needs a <DialogsProvider> (UiProvider includes one)');
  return api;
}
