import { List, Stack, Text, Title } from '@mantine/core';
import {
  formatDate,
  formatDateTime,
  isMessageKey,
  referralHistoryLine,
  type ReferralHistoryEntry,
} from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';

/** Who made a change, in words: the system, the club by its name, or a name and its role. */
function whoOf(entry: ReferralHistoryEntry, clubName: string): string {
  const key = `role.${entry.by_role}`;
  const role = isMessageKey(key) ? t(key) : entry.by_role;
  if (entry.by_role === 'club') return clubName ? `${clubName} (${role})` : role;
  return entry.by_name ? `${entry.by_name} (${role})` : role;
}

/**
 * A referral's every change, oldest first (issue 29): when and who, what happened (made, decided,
 * objected, the club's answer, decided again, deemed, withdrawn) with its round, reason,
 * conditions, reference no., the club's answer and a recorded letter's date.
 */
export function ReferralHistory({
  history,
  clubName,
}: {
  history: readonly ReferralHistoryEntry[];
  clubName: string;
}) {
  const locale = useLocale();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id="referral-changes">
        {t('referrals.historyChanges')}
      </Title>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('referrals.historyNone')}
        </Text>
      ) : (
        <List component="ol" spacing="sm" size="sm" aria-labelledby="referral-changes">
          {history.map((entry, i) => {
            const event = entry.event;
            return (
              <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" fw={600}>
                  {referralHistoryLine(event, locale)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.at, locale)} · {whoOf(entry, clubName)}
                  {event.round !== undefined &&
                    ` · ${t('referrals.round', { round: event.round })}`}
                </Text>
                {'conditions' in event && event.conditions.length > 0 && (
                  <List size="sm" withPadding>
                    {event.conditions.map((condition, n) => (
                      <List.Item key={n}>{condition}</List.Item>
                    ))}
                  </List>
                )}
                {'referenceNo' in event && event.referenceNo && (
                  <Text size="sm">
                    {t('referrals.referenceNo', { reference: event.referenceNo })}
                  </Text>
                )}
                {event.letterDate && (
                  <Text size="sm">
                    {t('referrals.letter', { date: formatDate(event.letterDate, locale) })}
                  </Text>
                )}
                {event.response && (
                  <Text size="sm">{t('referrals.clubAnswer', { response: event.response })}</Text>
                )}
              </List.Item>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
