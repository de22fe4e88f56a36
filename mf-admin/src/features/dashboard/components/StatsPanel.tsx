import type { Stats, StatsBucket } from '@coldmail/contracts';
import { useQuery } from '@coldmail/query';
import { api } from '@coldmail/session';
import { Alert, Button, Card, PageLoader, formatMoneyFixed } from '@coldmail/ui';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { ChartSeries } from './UPlotChart';
import styles from './StatsPanel.module.css';

/** The ranges an admin picks from: the last N days, weeks or months, up to today (UTC). */
const PRESETS = [
  { id: '7d', label: 'Last 7 days', days: 7, bucket: 'day' },
  { id: '30d', label: 'Last 30 days', days: 30, bucket: 'day' },
  { id: '12w', label: 'Last 12 weeks', days: 84, bucket: 'week' },
  { id: '12m', label: 'Last 12 months', days: 365, bucket: 'month' },
] as const satisfies readonly { id: string; label: string; days: number; bucket: StatsBucket }[];
type PresetId = (typeof PRESETS)[number]['id'];

// The chart library loads with the first chart, not with the dashboard's tiles.
const UPlotChart = lazy(async () => ({ default: (await import('./UPlotChart')).UPlotChart }));

const COLORS = ['#4f46e5', '#059669', '#d97706', '#dc2626', '#0891b2', '#7c3aed'];

function rangeOf(days: number): { from: string; to: string } {
  const today = new Date();
  const from = new Date(today.getTime() - (days - 1) * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
}

/** The charts' series, from the answer: net revenue per currency, credits, users, failures. */
function chartsOf(stats: Stats) {
  const currencies = [...new Set(stats.points.flatMap((p) => p.revenue.map((r) => r.currency)))];
  const series = (label: string, values: number[], index: number): ChartSeries => ({
    label,
    values,
    color: COLORS[index % COLORS.length] as string,
  });
  return [
    {
      title: 'Net revenue',
      series: currencies.map((currency, index) =>
        series(
          currency,
          stats.points.map((p) => Number(p.revenue.find((r) => r.currency === currency)?.net ?? 0)),
          index,
        ),
      ),
    },
    {
      title: 'Credits sold and spent',
      series: [
        series(
          'Sold',
          stats.points.map((p) => p.creditsSold),
          0,
        ),
        series(
          'Spent',
          stats.points.map((p) => p.creditsSpent),
          1,
        ),
      ],
    },
    {
      title: 'New users and generations',
      series: [
        series(
          'New users',
          stats.points.map((p) => p.newUsers),
          2,
        ),
        series(
          'Generations',
          stats.points.map((p) => p.generations),
          4,
        ),
      ],
    },
    {
      title: 'Gemini failures by key',
      series: stats.geminiFailuresByKey.map((key, index) =>
        series(key.name, key.failures, index + 3),
      ),
    },
  ];
}

/** Revenue and usage over time, above the dashboard's tiles: charts, or the same as a table. */
export function StatsPanel() {
  const [presetId, setPresetId] = useState<PresetId>('30d');
  const [asTable, setAsTable] = useState(false);
  const preset = PRESETS.find((candidate) => candidate.id === presetId) ?? PRESETS[1];
  const range = useMemo(() => rangeOf(preset.days), [preset.days]);
  const stats = useQuery(api.stats.overTime.query({ query: { ...range, bucket: preset.bucket } }));
  const charts = useMemo(() => (stats.data ? chartsOf(stats.data) : []), [stats.data]);

  return (
    <Card className={styles.panel}>
      <div className={styles.toolbar}>
        <h2 className={styles.title}>Revenue and usage</h2>
        <div role="group" aria-label="Range" className={styles.presets}>
          {PRESETS.map((candidate) => (
            <Button
              key={candidate.id}
              size="sm"
              variant={candidate.id === presetId ? 'primary' : 'secondary'}
              aria-pressed={candidate.id === presetId}
              onClick={() => setPresetId(candidate.id)}
            >
              {candidate.label}
            </Button>
          ))}
        </div>
        <Button size="sm" variant="secondary" onClick={() => setAsTable(!asTable)}>
          {asTable ? 'Show charts' : 'Show as table'}
        </Button>
      </div>
      {stats.isPending ? (
        <PageLoader />
      ) : stats.isError ? (
        <Alert tone="error">Failed to load the statistics: {stats.error.message}</Alert>
      ) : asTable ? (
        <StatsTable stats={stats.data} />
      ) : (
        <div className={styles.charts}>
          {charts.map((chart) => (
            <figure key={chart.title} className={styles.chart}>
              <figcaption className={styles.caption}>{chart.title}</figcaption>
              {chart.series.length === 0 ? (
                <p className={styles.none}>Nothing in this range.</p>
              ) : (
                <Suspense fallback={<div className={styles.placeholder} />}>
                  <UPlotChart
                    starts={stats.data.points.map((p) => p.start)}
                    series={chart.series}
                  />
                </Suspense>
              )}
            </figure>
          ))}
        </div>
      )}
    </Card>
  );
}

/** The same numbers as the charts, one row per bucket. */
function StatsTable({ stats }: { stats: Stats }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>
          Revenue and usage from {stats.from} to {stats.to}, by {stats.bucket}
        </caption>
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">Paid</th>
            <th scope="col">Refunded</th>
            <th scope="col">Net</th>
            <th scope="col">Discounts</th>
            <th scope="col">Credits sold</th>
            <th scope="col">Credits spent</th>
            <th scope="col">New users</th>
            <th scope="col">Generations</th>
            <th scope="col">Gemini failures</th>
          </tr>
        </thead>
        <tbody>
          {stats.points.map((point) => {
            const money = (field: 'paid' | 'refunded' | 'net' | 'discount') =>
              point.revenue.length === 0
                ? '—'
                : point.revenue
                    .map((r) => formatMoneyFixed(r[field] ?? '0.00', r.currency))
                    .join(', ');
            return (
              <tr key={point.start}>
                <th scope="row">{point.start}</th>
                <td>{money('paid')}</td>
                <td>{money('refunded')}</td>
                <td>{money('net')}</td>
                <td>{money('discount')}</td>
                <td>{point.creditsSold}</td>
                <td>{point.creditsSpent}</td>
                <td>{point.newUsers}</td>
                <td>{point.generations}</td>
                <td>{point.geminiFailures}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
