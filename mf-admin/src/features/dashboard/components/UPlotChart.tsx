import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from './StatsPanel.module.css';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

/** Bars when a chart has few points (days of a week), lines otherwise. */
const BARS_UP_TO = 14;

/**
 * One chart drawn by uPlot (canvas): the x axis is the buckets' first days, each series a line
 * (or bars for short ranges). The figure's caption and the table view carry the same numbers for
 * screen readers; the canvas itself is decorative to them.
 */
export function UPlotChart({
  starts,
  series,
  height = 180,
}: {
  starts: string[];
  series: ChartSeries[];
  height?: number;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const xs = starts.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const bars = starts.length <= BARS_UP_TO ? uPlot.paths.bars?.({ size: [0.6, 40] }) : undefined;
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height,
        // Our own legend below wraps on a narrow screen; uPlot's is one line.
        legend: { show: false },
        cursor: { show: true },
        scales: { x: { time: true } },
        series: [
          {},
          ...series.map((line) => ({
            label: line.label,
            stroke: line.color,
            fill: bars ? line.color : undefined,
            width: 2,
            ...(bars ? { paths: bars } : {}),
          })),
        ],
        axes: [{}, { size: 56 }],
      },
      [xs, ...series.map((line) => line.values)],
      element,
    );
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: element.clientWidth, height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [starts, series, height]);
  return (
    <>
      <div ref={host} aria-hidden="true" />
      <ul className={styles.legend} aria-hidden="true">
        {series.map((line) => (
          <li key={line.label}>
            <span className={styles.swatch} style={{ backgroundColor: line.color }} />
            {line.label}
          </li>
        ))}
      </ul>
    </>
  );
}
