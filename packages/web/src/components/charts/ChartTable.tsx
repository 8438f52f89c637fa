// The figures of a chart as a table that only assistive technology sees: charts draw on SVG, so their numbers would
// otherwise be out of reach of screen readers (and of tests). The first cell of each row heads it.
import { VisuallyHidden } from '@mantine/core';

export interface ChartTableData {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
}

export function ChartTable({ caption, columns, rows }: ChartTableData) {
  return (
    <VisuallyHidden component="div">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key={c} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={c}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
