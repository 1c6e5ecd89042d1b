import { useId, type FormEvent, type ReactNode } from 'react';
import { Group, Paper, Stack, Title } from '@mantine/core';

/**
 * One section of the customer and vehicle panel: a bordered box named by its heading, with an
 * optional action beside the heading. With `onSubmit` the body is a form (validation is ours, so
 * the browser's is off).
 */
export function HouseholdSection({
  title,
  action,
  onSubmit,
  children,
}: {
  title: string;
  action?: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const heading = (
    <Title order={3} size="h4" id={titleId}>
      {title}
    </Title>
  );
  const body = (
    <Stack gap={onSubmit ? 'sm' : 'xs'}>
      {action ? (
        <Group justify="space-between">
          {heading}
          {action}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate>
          {body}
        </form>
      ) : (
        body
      )}
    </Paper>
  );
}
