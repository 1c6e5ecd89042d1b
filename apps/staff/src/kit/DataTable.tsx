import type { ReactNode } from 'react';
import { Paper, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryContent } from './QueryState.js';

export interface DataTableProps<D, R> {
  /** The page's query: its loading and failure states show until the data is there. */
  query: UseQueryResult<D>;
  /** The table's rows, taken from the data. */
  rows: (data: D) => readonly R[];
  /** Shown instead of the table when there is no row. */
  empty: string;
  /** The column headings, in order. */
  headers: readonly string[];
  /** One `<Table.Tr>` per row. */
  row: (row: R) => ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  highlightOnHover?: boolean;
  /** Drawn under the table (or the empty text), e.g. a pager. */
  footer?: (data: D) => ReactNode;
}

/** A list page's table: the query's state, the empty text, a bordered table that scrolls on narrow screens. */
export function DataTable<D, R>({ query, rows, empty, headers, row, minWidth, highlightOnHover, footer }: DataTableProps<D, R>) {
  return (
    <QueryContent query={query}>
      {(data) => {
        const list = rows(data);
        const table = (
          <Table verticalSpacing="sm" highlightOnHover={highlightOnHover}>
            <Table.Thead>
              <Table.Tr>
                {headers.map((header) => (
                  <Table.Th key={header}>{header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{list.map(row)}</Table.Tbody>
          </Table>
        );
        const body =
          list.length === 0 ? (
            <Text>{empty}</Text>
          ) : (
            <Paper withBorder radius="lg">
              {minWidth === undefined ? table : <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>}
            </Paper>
          );
        if (!footer) return body;
        return (
          <Stack gap="sm">
            {body}
            {footer(data)}
          </Stack>
        );
      }}
    </QueryContent>
  );
}
