import { Checkbox, Group, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { openTimeProblems, type OpenDay } from '@servicebay/domain';

/** Editable hours: close hour (or none) per day. Days are the whole week, in order (fullWeek). */
export function HoursEditor({ value, onChange }: { value: OpenDay[]; onChange: (days: OpenDay[]) => void }) {
  const { t } = useTranslation('admin');
  const problems = openTimeProblems(value);
  const update = (index: number, day: OpenDay) => onChange(value.map((d, i) => (i === index ? day : d)));
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('hours.day')}</Table.Th>
            <Table.Th>{t('hours.closed')}</Table.Th>
            <Table.Th>{t('hours.open')}</Table.Th>
            <Table.Th>{t('hours.close')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {value.map((d, index) => {
            const dayName = t(`hours.days.${d.day}`);
            const closed = d.open === 'closed';
            const wrong = problems.some((p) => p.day === d.day && p.problem === 'closeBeforeOpen');
            return (
              <Table.Tr key={d.day} data-day={d.day}>
                <Table.Td>
                  <Text fw={500}>{dayName}</Text>
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={t('hours.closedOn', { day: dayName })}
                    checked={closed}
                    onChange={(e) =>
                      update(index, e.currentTarget.checked ? { day: d.day, open: 'closed' } : { day: d.day, open: '08:00', close: '17:00' })
                    }
                  />
                </Table.Td>
                {closed ? (
                  <Table.Td colSpan={2}>
                    <Text c="dimmed">{t('hours.closedLabel')}</Text>
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td>
                      <TextInput
                        type="time"
                        aria-label={t('hours.openOn', { day: dayName })}
                        value={d.open}
                        onChange={(e) => update(index, { day: d.day, open: e.currentTarget.value || '00:00', close: d.close ?? '17:00' })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <TextInput
                          type="time"
                          aria-label={t('hours.closeOn', { day: dayName })}
                          value={d.close ?? ''}
                          error={wrong ? t('hours.closeBeforeOpen') : undefined}
                          onChange={(e) => update(index, { day: d.day, open: d.open, close: e.currentTarget.value || '00:00' })}
                        />
                      </Group>
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
