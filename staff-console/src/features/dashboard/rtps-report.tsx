import { Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  localiseDigits,
  rtpsByStep,
  rtpsStepLabel,
  type Application,
  type RtpsReport as Report,
  type WorkingCalendar,
} from '@puja/domain';
import { errorText, notify, t, useLocale } from '@puja/web-kit';

/**
 * Issue 30: the municipality's own RTPS report for the season shown: per step and for every
 * step, the steps overdue now, the share decided by their due date and the median working days
 * a step took; exportable to Excel. Nothing on a server without step clocks.
 */
export function RtpsReportCard({
  applications,
  calendar,
  year,
}: {
  applications: readonly Application[];
  calendar: WorkingCalendar;
  year: number;
}) {
  const locale = useLocale();
  const [exporting, setExporting] = useState(false);
  const lines = useMemo(() => rtpsByStep(applications, calendar), [applications, calendar]);
  if (!applications.some((app) => app.steps !== undefined)) return null;
  const digits = (value: number | string) => localiseDigits(String(value), locale);

  async function exportReport() {
    setExporting(true);
    try {
      const { exportRtpsReport } = await import('./export-rtps');
      await exportRtpsReport(lines, year, locale);
    } catch (failure) {
      notify.error(() => errorText(failure, 'issued.exportFailed'));
    } finally {
      setExporting(false);
    }
  }

  const onTime = (report: Report) =>
    report.onTimeShare === null
      ? t('due.reportNone')
      : t('due.reportOnTimeValue', {
          percent: digits(Math.round(report.onTimeShare * 100)),
          onTime: digits(report.decidedOnTime),
          decided: digits(report.decided),
        });
  const median = (report: Report) =>
    report.medianWorkingDays === null ? '–' : digits(report.medianWorkingDays);

  return (
    <Card withBorder component="section" aria-labelledby="rtps-report">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="rtps-report">
          {t('due.reportTitle')}
        </Title>
        <Button variant="default" onClick={() => void exportReport()} loading={exporting}>
          {t('due.reportExport')}
        </Button>
      </Group>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('due.col.step')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('due.reportOverdue')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('due.reportOnTime')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('due.reportMedian')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map(({ step, report }) => (
            <Table.Tr key={step} fw={step === 'all' ? 700 : undefined}>
              <Table.Th scope="row" fw="inherit">
                {rtpsStepLabel(step, locale)}
              </Table.Th>
              <Table.Td ta="right" data-testid={`rtps-overdue-${step}`}>
                <Text span c={report.overdueNow > 0 ? 'red.9' : undefined} fw="inherit">
                  {digits(report.overdueNow)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" data-testid={`rtps-ontime-${step}`}>
                {onTime(report)}
              </Table.Td>
              <Table.Td ta="right" data-testid={`rtps-median-${step}`}>
                {median(report)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
