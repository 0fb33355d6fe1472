import type { Visualization } from '@partner-assistant/react';
import type { ReactNode } from 'react';
import { EXTERNAL_LINK } from './safe-link.ts';

type Cell = string | number;

interface ViewProps {
  visualization: Visualization;
}

const isCell = (value: unknown): value is Cell =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
const isCells = (value: unknown): value is Cell[] => Array.isArray(value) && value.every(isCell);

/** `table`: `data.columns` (headers) and `data.rows` (cells), as the reference server sends. */
function TableView({ visualization: { title, data } }: ViewProps) {
  const { columns, rows } = data;
  if (!isCells(columns) || !Array.isArray(rows) || !rows.every(isCells)) return null;
  return (
    <table className="visualization-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: headers have no id, and never move
            <th key={index} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id, and never move
          <tr key={rowIndex}>
            {row.map((cell, index) =>
              index === 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells have no id, and never move
                <th key={index} scope="row">
                  {cell}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells have no id, and never move
                <td key={index}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `timeline`: `data.steps`, in order. */
function TimelineView({ visualization: { title, data } }: ViewProps) {
  if (!isCells(data.steps)) return null;
  return (
    <figure className="visualization-timeline">
      <figcaption>{title}</figcaption>
      <ol>
        {data.steps.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id, and never move
          <li key={index}>{step}</li>
        ))}
      </ol>
    </figure>
  );
}

/** `map`: `data.latitude` and `data.longitude`, as a link to the place on OpenStreetMap. */
function MapView({ visualization: { title, data } }: ViewProps) {
  const { latitude, longitude } = data;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const href = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`;
  return (
    <p className="visualization-map">
      <a href={href} {...EXTERNAL_LINK}>
        {title}
      </a>
    </p>
  );
}

// A Map, not an object: a `type` such as `constructor` must find nothing.
const VIEWS = new Map<string, (props: ViewProps) => ReactNode>([
  ['table', TableView],
  ['timeline', TimelineView],
  ['map', MapView],
]);

/**
 * An answer's visualizations, each by its `type`; a type this chat does not know, or `data` not
 * shaped as expected, shows nothing (the API may add types; the data comes from the network).
 */
export function AnswerVisualizations({
  visualizations,
}: {
  visualizations: readonly Visualization[];
}) {
  const shown = visualizations.flatMap((visualization) => {
    const View = VIEWS.get(visualization.type);
    return View ? [<View key={visualization.id} visualization={visualization} />] : [];
  });
  return shown.length === 0 ? null : <div className="visualizations">{shown}</div>;
}
