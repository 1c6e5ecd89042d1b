import { Center, Loader, Stack, Text } from '@mantine/core';

/** A whole page waiting for something, announced to assistive technology. */
export function FullPageLoader({ label }: { label: string }) {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text>{label}</Text>
      </Stack>
    </Center>
  );
}
