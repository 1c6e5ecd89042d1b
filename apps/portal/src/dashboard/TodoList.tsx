import { useState, type FormEvent } from 'react';
import { Button, CloseButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PORTAL_LIMITS, portalAddTodoItemRoute, portalRemoveTodoItemRoute, type TodoItem } from '@servicebay/domain';
import { useAlerts } from '@servicebay/ui';
import { isApiError } from '@servicebay/web-core';
import { logEvent } from '../analytics.js';
import { useServices } from '../context.js';
import { todoValue } from './dashboard.js';
import { lazyDialog } from '../lazy-dialog.js';

// Loaded when first opened: the dashboard's first paint does not wait for the dialog.
const OftenRequiredWorkModal = lazyDialog(() => import('./OftenRequiredWorkModal.js').then((m) => m.OftenRequiredWorkModal));

/**
 * The vehicle's to-do list: add (an empty item is ignored, the field cleared after adding),
 * delete, and 'Often required work' to add the season's work. The server's limits (500
 * characters, 100 items) are said in words.
 */
export function TodoList({ vehicleId, todos, onChanged }: { vehicleId: string; todos: TodoItem[]; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('portal');
  const { api } = useServices();
  const alerts = useAlerts();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [often, setOften] = useState(false);

  const refused = (failure: unknown, fallback: string) => {
    const code = isApiError(failure) ? failure.code : null;
    return code === 'TODO_LIMIT_REACHED' ? t('errors.TODO_LIMIT_REACHED') : fallback;
  };
  const add = useMutation({
    mutationFn: (body: { value: string; itemId?: string }) => api.call(portalAddTodoItemRoute, { params: { vehicleId }, body }),
    onSuccess: () => onChanged(),
  });
  const remove = useMutation({
    mutationFn: (itemId: string) => api.call(portalRemoveTodoItemRoute, { params: { itemId } }),
    onSuccess: () => onChanged(),
    onError: () => alerts.show({ type: 'danger', message: t('todo.deleteFailed') }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = todoValue(typed);
    setTyped('');
    if (value === null) return setError(null);
    if (value.length > PORTAL_LIMITS.todoMaxLength) {
      setTyped(typed);
      return setError(t('errors.todo_too_long'));
    }
    setError(null);
    add.mutate(
      { value },
      {
        onError: (failure) => {
          setTyped(value);
          setError(refused(failure, t('todo.addFailed')));
        },
      },
    );
  };
  const addOften = async (item: { _id: string; text: string }) => {
    logEvent(api, 'clickFrequentlyPerformedAddItems', { itemId: item._id });
    try {
      await add.mutateAsync({ value: item.text, itemId: item._id });
    } catch (failure) {
      alerts.show({ type: 'danger', message: refused(failure, t('todo.addFailed')) });
    }
  };

  return (
    <Paper withBorder radius="lg" p="md" h="100%" component="section" aria-labelledby="todo-title" data-testid="todo-list">
      <Stack gap="sm">
        <Title order={2} size="h4" id="todo-title">
          {t('todo.title')}
        </Title>
        {todos.length === 0 ? (
          <Text c="dimmed">{t('todo.empty')}</Text>
        ) : (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {todos.map((todo) => (
              <Group component="li" key={todo._id} justify="space-between" wrap="nowrap" gap="xs" data-testid="todo-item">
                <Text style={{ overflowWrap: 'anywhere' }}>{todo.value}</Text>
                <CloseButton
                  aria-label={t('todo.delete', { value: todo.value })}
                  onClick={() => remove.mutate(todo._id)}
                  disabled={remove.isPending && remove.variables === todo._id}
                />
              </Group>
            ))}
          </Stack>
        )}
        <form onSubmit={submit} noValidate>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={t('todo.label')}
              placeholder={t('todo.placeholder')}
              value={typed}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                if (error) setError(null);
              }}
              error={error}
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={add.isPending} mt={24}>
              {t('todo.add')}
            </Button>
          </Group>
        </form>
        <Button
          variant="light"
          onClick={() => {
            logEvent(api, 'clickViewFrequentlyPerformedWork');
            setOften(true);
          }}
        >
          {t('todo.oftenRequired')}
        </Button>
      </Stack>
      <OftenRequiredWorkModal opened={often} onClose={() => setOften(false)} todos={todos} onAdd={addOften} />
    </Paper>
  );
}
