import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useNavigate } from '@tanstack/react-router';
import { formatCount, type SeasonFigures } from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';

/**
 * The dashboard's two bar charts (@mantine/charts on recharts, about 100 KB gzipped): loaded
 * apart from the dashboard so the counters and the steps show first (see season-overview.tsx).
 * They are pictures for the eye; the tables beside them carry the same figures.
 */

/** Counts are whole numbers: no 0.5 on the axis. */
const WHOLE_NUMBERS = { allowDecimals: false } as const;

/** Applications per ward; a click on a ward's column opens the ward's list. */
export function WardBars({ wards }: { wards: SeasonFigures['wards'] }) {
  const navigate = useNavigate();
  const locale = useLocale();
  return (
    <BarChart
      h={260}
      data={wards.map((ward) => ({ ward: formatCount(ward.ward, locale), count: ward.count }))}
      dataKey="ward"
      series={[{ name: 'count', label: t('season.count'), color: 'indigo.6' }]}
      tickLine="y"
      yAxisProps={WHOLE_NUMBERS}
      valueFormatter={(value) => formatCount(value, locale)}
      withTooltip
      barChartProps={{
        onClick: (state) => {
          const ward = wards[Number(state?.activeTooltipIndex)]?.ward;
          if (ward !== undefined)
            void navigate({ to: '/admin/noc-applications', search: { ward } });
        },
        style: { cursor: 'pointer' },
      }}
    />
  );
}

/** Submissions and issued NOCs per day. */
export function DayBars({ days }: { days: SeasonFigures['days'] }) {
  const locale = useLocale();
  return (
    <BarChart
      h={260}
      data={days}
      dataKey="label"
      series={[
        { name: 'submitted', label: t('season.submitted'), color: 'indigo.6' },
        { name: 'issued', label: t('season.issued'), color: 'teal.7' },
      ]}
      tickLine="y"
      yAxisProps={WHOLE_NUMBERS}
      xAxisProps={{ minTickGap: 24, padding: { left: 24, right: 24 } }}
      valueFormatter={(value) => formatCount(value, locale)}
      withLegend
      withTooltip
    />
  );
}
