import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addMonths, formatDay, formatMonth, localeOf, monthOf, monthWeeks, movedDay, weekdayNames } from './calendar.js';
import classes from './appointments.module.css';

export interface MonthCalendarProps {
  /** The chosen day (YYYY-MM-DD), if any. */
  value: string | null;
  onChange: (day: string) => void;
  /** Whether a day may be chosen (blocked days stay reachable by keyboard, but cannot be chosen). */
  isChoosable: (day: string) => boolean;
  /** The store's today, and the last day offered: the months shown stay between them. */
  today: string;
  last: string;
}

const Chevron = ({ left }: { left?: boolean }) => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
    <path d={left ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
  </svg>
);

/**
 * One month of days as a grid (the date picker pattern): arrows move by day and week, Home and End
 * to the week's edges, Page Up and Down by month, Enter or Space chooses; one day is in the tab
 * order. Day size follows the breakpoints (28, 40, 60 px), and a new month slides in over 0.2 s.
 */
export function MonthCalendar({ value, onChange, isChoosable, today, last }: MonthCalendarProps) {
  const { t, i18n } = useTranslation('appointments');
  const locale = localeOf(i18n.language);
  const [month, setMonth] = useState(monthOf(value ?? today));
  const [focused, setFocused] = useState(value ?? today);
  const grid = useRef<HTMLTableElement>(null);
  const first = monthOf(today);
  const final = monthOf(last);
  const inRange = (day: string) => day >= `${first}-01` && day <= last;
  // The day in the tab order: the focused one when shown, else the month's first.
  const tabDay = monthOf(focused) === month ? focused : `${month}-01`;

  const focusDay = (day: string) => {
    setFocused(day);
    setMonth(monthOf(day));
    requestAnimationFrame(() => grid.current?.querySelector<HTMLButtonElement>(`[data-day="${day}"]`)?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const next = movedDay(day, event.key);
    if (next === null) return;
    event.preventDefault();
    if (inRange(next)) focusDay(next);
  };

  const names = weekdayNames(locale);
  return (
    <div className={classes.calendar}>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('previousMonth')}
          disabled={month <= first}
          onClick={() => setMonth(addMonths(month, -1))}
        >
          <Chevron left />
        </ActionIcon>
        <Text fw={600} aria-live="polite" data-testid="calendar-month">
          {formatMonth(month, locale)}
        </Text>
        <ActionIcon variant="subtle" size="lg" aria-label={t('nextMonth')} disabled={month >= final} onClick={() => setMonth(addMonths(month, 1))}>
          <Chevron />
        </ActionIcon>
      </Group>
      <table role="grid" ref={grid} className={classes.grid} key={month} aria-label={formatMonth(month, locale)}>
        <thead>
          <tr>
            {names.map((n) => (
              <th key={n.long} scope="col" abbr={n.long} className={classes.weekday}>
                {n.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, i) => (
            <tr key={i}>
              {week.map((day, j) =>
                day === null ? (
                  <td key={j} />
                ) : (
                  <td key={day} role="gridcell" aria-selected={day === value}>
                    <DayButton
                      day={day}
                      label={formatDay(day, locale)}
                      choosable={inRange(day) && isChoosable(day)}
                      selected={day === value}
                      today={day === today}
                      tabbable={day === tabDay}
                      onChoose={() => {
                        setFocused(day);
                        onChange(day);
                      }}
                      onKeyDown={(e) => onKeyDown(e, day)}
                      notes={{ blocked: t('blocked'), today: t('today') }}
                    />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayButton(props: {
  day: string;
  label: string;
  choosable: boolean;
  selected: boolean;
  today: boolean;
  tabbable: boolean;
  onChoose: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  notes: { blocked: string; today: string };
}) {
  const { day, label, choosable, selected, today, tabbable, onChoose, onKeyDown, notes } = props;
  const name = [label, today ? notes.today : null, choosable ? null : notes.blocked].filter(Boolean).join(', ');
  return (
    <UnstyledButton
      className={classes.day}
      data-day={day}
      data-selected={selected || undefined}
      data-today={today || undefined}
      data-blocked={!choosable || undefined}
      aria-label={name}
      aria-disabled={!choosable || undefined}
      tabIndex={tabbable ? 0 : -1}
      onKeyDown={onKeyDown}
      onClick={() => {
        if (choosable) onChoose();
      }}
    >
      {Number(day.slice(8, 10))}
    </UnstyledButton>
  );
}
