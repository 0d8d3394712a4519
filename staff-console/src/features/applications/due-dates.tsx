import { Badge, Table, Text, TextInput } from '@mantine/core';
import {
  applicationDueOn,
  formatShortDate,
  isOverdueApplication,
  stepNameKey,
  type Application,
} from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import { Panel } from '../../components/panel';

/** A badge whose words wrap rather than being cut short in a narrow column. */
const WRAP = {
  h: 'auto',
  py: 2,
  styles: { label: { whiteSpace: 'normal' as const, overflow: 'visible' as const } },
};

/** Whom a late application is with: the first late step's Appellate Officer, else the chairman. */
function overdueWith(app: Application): string {
  const late = [
    ...(app.steps ?? []).filter((step) => step.overdue),
    ...(app.referrals ?? []).filter((referral) => referral.overdue === true),
  ];
  return late.find((step) => step.escalated_to)?.escalated_to ?? t('due.chairman');
}

/**
 * Issue 30: a card's due date: red "Overdue: with {officer}" once the sweep found a step late,
 * else "Decision due by {date}" while a step runs; nothing without clocks.
 */
export function DueBadge({ app }: { app: Application }) {
  const locale = useLocale();
  const wrap = WRAP;
  if (isOverdueApplication(app)) {
    return (
      <Badge color="red.9" variant="filled" data-testid="overdue-badge" {...wrap}>
        {t('due.overdueWith', { officer: overdueWith(app) })}
      </Badge>
    );
  }
  const due = applicationDueOn(app);
  if (due === null) return null;
  return (
    <Badge color="blue.9" variant="outline" {...wrap}>
      {t('due.decisionDueBy', { date: formatShortDate(due, locale) })}
    </Badge>
  );
}

/** The list's due-date filter: a day; cleared, any. */
export function DueByFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (day: string | null) => void;
}) {
  return (
    <TextInput
      type="date"
      label={t('due.dueBy')}
      description={t('due.dueByHint')}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      w={220}
    />
  );
}

/**
 * Issue 30: the detail's table of every started step: when it started, when it is due, when it
 * was decided (or whether it waits for the club, or is late and with whom).
 */
export function StepDueDates({ app }: { app: Application }) {
  const locale = useLocale();
  const steps = app.steps;
  if (steps === undefined) return null; // a server without clocks
  const day = (value: string | null) =>
    value === null ? t('due.notYet') : formatShortDate(value, locale);
  return (
    <Panel title={t('due.stepsTitle')} id="due-dates-title">
      {steps.length === 0 ? (
        <Text c="dimmed">{t('due.noSteps')}</Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('due.col.step')}</Table.Th>
              <Table.Th scope="col">{t('due.col.started')}</Table.Th>
              <Table.Th scope="col">{t('due.col.due')}</Table.Th>
              <Table.Th scope="col">{t('due.col.decided')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {steps.map((step) => (
              <Table.Tr key={step.step} data-overdue={step.overdue || undefined}>
                <Table.Th scope="row" fw={500}>
                  {t(stepNameKey(step.step))}
                </Table.Th>
                <Table.Td>{day(step.started_on)}</Table.Td>
                <Table.Td>
                  {day(step.due_on)}
                  {step.overdue && (
                    <Badge ml="xs" color="red.9" variant="filled" {...WRAP}>
                      {t('due.overdueWith', {
                        officer: step.escalated_to ?? t('due.chairman'),
                      })}
                    </Badge>
                  )}
                  {step.paused_on !== null && step.decided_on === null && (
                    <Badge ml="xs" color="gray.8" variant="outline" {...WRAP}>
                      {t('due.paused')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{day(step.decided_on)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}
