import { Alert, Anchor, Button, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  currentLocale,
  documentUrl,
  resendLastSms,
  type HistoryEntry,
  type HistoryNotification,
} from '@puja/api-client';
import {
  documentVersionNumbers,
  escalationText,
  formatDateTime,
  historyReasonText,
  isMessageKey,
  MUNICIPAL_STEPS,
  standardStepLabel,
  type MunicipalStep,
} from '@puja/domain';
import {
  APPLICATIONS_KEY,
  applicationHistoryQuery,
} from '../../../../../features/applications/queries';
import { useChange } from '../../../../../lib/use-change';
import { errorText, t, useLocale } from '@puja/web-kit';
import { Panel } from '../../../../../components/panel';

function itemLabel(item: string): string {
  const key = `document.${item}`;
  if (isMessageKey(key)) return t(key);
  if (item === 'chairman') return t('applications.finalReview');
  return item;
}

/** A late step as the service standards name it (its item: the step, or the department). */
function lateStepLabel(item: string): string {
  const municipal = (MUNICIPAL_STEPS as readonly string[]).includes(item);
  return standardStepLabel(
    municipal
      ? { step: item as MunicipalStep, agency_name: null }
      : { step: 'referral', agency_name: item },
    currentLocale(),
  );
}

/** What happened, in words: the action from the catalogue, after the item it concerns. */
function describe(entry: HistoryEntry): string {
  const key = `applications.history.${entry.action}`;
  const action = isMessageKey(key) ? t(key) : entry.action;
  if (entry.action === 'overdue') return `${lateStepLabel(entry.item)}: ${action}`;
  return entry.item && entry.action !== 'apply' ? `${itemLabel(entry.item)}: ${action}` : action;
}

/**
 * Why, in the chosen language: a late step's officer it went to (issue 30; the trail keeps it in
 * English), pages from the camera (issue 31), else the reason as written.
 */
function reasonOf(entry: HistoryEntry): string {
  return entry.action === 'overdue'
    ? escalationText(entry.reason, currentLocale())
    : historyReasonText(entry.reason, currentLocale());
}

function roleLabel(role: string): string {
  const key = `role.${role}`;
  return isMessageKey(key) ? t(key) : role;
}

/** A moment of the history in the chosen language, day and IST time (domain's formatDateTime). */
function timeOf(at: string): string {
  return formatDateTime(at, currentLocale());
}

/**
 * An upload's links to the version it replaced and the one it stored ("Open version 2"), each
 * named with its document for a screen reader; opens in a new tab like the document links.
 */
function VersionLinks({ entry, numbers }: { entry: HistoryEntry; numbers: Map<string, number> }) {
  const versions = [
    [entry.from_link, numbers.get(entry.from)],
    [entry.to_link, numbers.get(entry.to)],
  ].filter(
    (version): version is [string, number] => Boolean(version[0]) && version[1] !== undefined,
  );
  if (versions.length === 0) return null;
  return (
    <Group gap="sm" mt={4}>
      {versions.map(([link, n]) => (
        <Anchor
          key={n}
          href={documentUrl(link)}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          aria-label={`${itemLabel(entry.item)}: ${t('applications.history.openVersion', { n })}`}
        >
          {t('applications.history.openVersion', { n })}
        </Anchor>
      ))}
    </Group>
  );
}

/** The colour of a mail's state: sent green, waiting grey, retrying orange. */
const MAIL_COLOURS = { sent: 'teal.9', waiting: 'gray.7', retrying: 'orange.9' } as const;

/**
 * Whether the mail (or, with `sms`, the SMS) a step owed the club went out: sent when,
 * waiting, or retrying and why. An SMS says so first ("SMS: …").
 */
function MailState({ mail, sms = false }: { mail: HistoryNotification | null; sms?: boolean }) {
  if (mail === null) return null;
  const when = (at: string | null) => (at ? timeOf(at) : '');
  const text =
    mail.status === 'sent'
      ? t('applications.history.mail.sent', { time: when(mail.sent_at) })
      : mail.status === 'retrying'
        ? t('applications.history.mail.retrying', {
            attempts: mail.attempts,
            error: mail.last_error,
            time: when(mail.next_attempt_at),
          })
        : t('applications.history.mail.waiting');
  return (
    <Text size="sm" c={MAIL_COLOURS[mail.status]} title={mail.to}>
      {sms ? t('applications.history.smsState', { state: text }) : text}
    </Text>
  );
}

/**
 * Who decided what on the application, when, with which reason, and whether the club was
 * e-mailed and sent an SMS about it (getApplicationHistory); staff may send the last SMS again.
 */
export function ApplicationHistory({
  id,
  version,
  readOnly = false,
}: {
  id: number;
  version: string;
  /** A past season's application (issue 20): its history, without sending anything again. */
  readOnly?: boolean;
}) {
  useLocale();
  // The last answer stays on screen while the next version loads.
  const { data, error } = useQuery({
    ...applicationHistoryQuery(id, version),
    placeholderData: (previous) => previous,
  });
  const entries = data ?? null;
  const numbers = useMemo(() => documentVersionNumbers(entries ?? []), [entries]);
  const hasSms = entries?.some((entry) => entry.sms !== null) ?? false;
  // Issue 23: the application's last SMS again; the history then shows the new one.
  const change = useChange([[...APPLICATIONS_KEY, id, 'history']]);
  const resend = () =>
    change({ loading: 'sms.resendLoading', failure: 'sms.resendFailed' }, () =>
      resendLastSms({ id }),
    );

  return (
    <Panel title={t('applications.history')} id="history">
      {error !== null && (
        <Alert color="red">{errorText(error, 'applications.historyFetchFailed')}</Alert>
      )}
      {entries !== null && entries.length === 0 && (
        <Text c="dimmed">{t('applications.noHistory')}</Text>
      )}
      {entries !== null && entries.length > 0 && (
        // Five columns in half the page: tighter cells keep them inside the panel at 1280 px,
        // and a narrower window scrolls the table, never the page.
        <Table.ScrollContainer minWidth={420}>
          <Table striped fz="sm" horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('applications.history.when')}</Table.Th>
                <Table.Th>{t('applications.history.who')}</Table.Th>
                <Table.Th>{t('applications.history.what')}</Table.Th>
                <Table.Th>{t('applications.history.reason')}</Table.Th>
                <Table.Th>{t('applications.history.mail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry, index) => (
                <Table.Tr key={`${entry.at}-${index}`}>
                  <Table.Td>{timeOf(entry.at)}</Table.Td>
                  <Table.Td>{roleLabel(entry.role)}</Table.Td>
                  <Table.Td>
                    {describe(entry)}
                    <VersionLinks entry={entry} numbers={numbers} />
                  </Table.Td>
                  <Table.Td>{reasonOf(entry)}</Table.Td>
                  <Table.Td>
                    <MailState mail={entry.notification} />
                    <MailState mail={entry.sms} sms />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {hasSms && !readOnly && (
        <Button variant="default" size="xs" mt="sm" onClick={() => void resend()}>
          {t('sms.resend')}
        </Button>
      )}
    </Panel>
  );
}
