// The rows a data table shows: filtered by its filter box, then sorted by one column. Pure, and light on
// memory: the table keeps the person's own row objects (no wrapper per row), because a log query's table
// holds 100,000 of them.

/** The column the table is sorted by, and which way. */
export interface TableSort {
  id: string;
  desc: boolean;
}

/** What sorting and filtering read of a column. */
export interface RowReaders<Row> {
  id: string;
  value: (row: Row) => string | number | bigint;
  text: (row: Row) => string;
}

/** The rows whose text in some column contains `filter` (any case, outer spaces ignored); all of them when it is blank. */
export function filterRows<Row>(rows: readonly Row[], columns: readonly RowReaders<Row>[], filter: string): readonly Row[] {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return rows;
  return rows.filter((row) => columns.some((column) => column.text(row).toLowerCase().includes(needle)));
}

/**
 * The rows sorted by a column's value (numbers and bigints as numbers, strings by code unit), ties in their
 * given order; the same array when there is no sort or no such column. Each value is read once.
 */
export function sortRows<Row>(rows: readonly Row[], columns: readonly RowReaders<Row>[], sort: TableSort | undefined): readonly Row[] {
  const column = sort ? columns.find((candidate) => candidate.id === sort.id) : undefined;
  if (!sort || !column || rows.length < 2) return rows;
  const values = rows.map(column.value);
  const order = Array.from(rows.keys());
  const direction = sort.desc ? -1 : 1;
  order.sort((a, b) => {
    const x = values[a]!;
    const y = values[b]!;
    return x < y ? -direction : x > y ? direction : a - b;
  });
  return order.map((index) => rows[index]!);
}
