import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import {
  departmentCounts,
  localiseDigits,
  type Application,
  type IsoDay,
  type WorkingCalendar,
} from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';

/**
 * The dashboard's referrals per department (issue 29): open and overdue, each department
 * linking to its applications With departments. Nothing at all in a season without referrals,
 * so the spec's dashboard looks as before.
 */
export function DepartmentCounts({
  applications,
  today,
  calendar,
}: {
  applications: readonly Application[];
  today: IsoDay;
  calendar: WorkingCalendar;
}) {
  const locale = useLocale();
  const lines = departmentCounts(applications, today, calendar);
  if (lines.length === 0) return null;
  const digits = (count: number) => localiseDigits(String(count), locale);
  return (
    <Card withBorder component="section" aria-labelledby="department-counts">
      <Title order={2} size="h4" mb="sm" id="department-counts">
        {t('referrals.dashboardTitle')}
      </Title>
      <Table striped maw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('referrals.field.department')}</Table.Th>
            <Table.Th ta="right">{t('referrals.dashboardOpen')}</Table.Th>
            <Table.Th ta="right">{t('referrals.dashboardOverdue')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.agency_id}>
              <Table.Td>
                <Anchor
                  size="sm"
                  renderRoot={(root) => (
                    <Link
                      {...root}
                      to="/admin/noc-applications"
                      search={{ tab: 'withDepartments', department: line.agency_id }}
                    />
                  )}
                >
                  {line.agency_name}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right">{digits(line.open)}</Table.Td>
              <Table.Td ta="right">
                <Text
                  span
                  size="sm"
                  c={line.overdue > 0 ? 'red.9' : undefined}
                  fw={line.overdue > 0 ? 700 : undefined}
                >
                  {digits(line.overdue)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
