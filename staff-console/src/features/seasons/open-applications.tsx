import { Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatNumber, parseReviewStep, type OpenApplications } from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';

/**
 * What a season still has open (issue 27): how many of its applications are undecided, by the
 * step each stands at (a staff review step links to the season's applications waiting there),
 * and a link to the season's applications. `compact` for a table cell.
 */
export function OpenApplicationsSummary({
  year,
  open,
  compact = false,
}: {
  year: number;
  /** undefined while loading or when it could not be read: nothing is said. */
  open: OpenApplications | undefined;
  compact?: boolean;
}) {
  const locale = useLocale();
  if (open === undefined) return null;
  if (open.total === 0) {
    return compact ? (
      <Text size="sm">{t('seasons.openNone')}</Text>
    ) : (
      <Text>{t('seasons.closeReviewNoneOpen', { year })}</Text>
    );
  }
  const link = (
    <Anchor
      size="sm"
      renderRoot={(props) => (
        <Link {...props} to="/admin/noc-applications" search={{ season: year }} />
      )}
    >
      {compact
        ? t('seasons.openCount', { count: formatNumber(open.total, locale) })
        : t('seasons.openLink', { year })}
    </Anchor>
  );
  const steps = (
    <List size="sm" spacing={0}>
      {open.steps.map((step) => (
        <List.Item key={step.step}>
          {parseReviewStep(step.step) === null ? (
            t(step.label)
          ) : (
            <Anchor
              size="sm"
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/admin/noc-applications"
                  search={{ season: year, step: parseReviewStep(step.step) ?? undefined }}
                />
              )}
            >
              {t(step.label)}
            </Anchor>
          )}
          : {formatNumber(step.count, locale)}
        </List.Item>
      ))}
    </List>
  );
  return compact ? (
    <Stack gap={2}>
      {link}
      {steps}
    </Stack>
  ) : (
    <Stack gap="xs">
      <Text fw={600}>
        {t('seasons.openTitle', { year })}: {formatNumber(open.total, locale)}
      </Text>
      {steps}
      {link}
    </Stack>
  );
}

/**
 * What a season leaves open as it closes or the next one opens (issue 27): the summary and, when
 * any is open, that those applications go on.
 */
export function LeftOpenNotice({
  year,
  open,
}: {
  year: number;
  open: OpenApplications | undefined;
}) {
  return (
    <>
      <OpenApplicationsSummary year={year} open={open} />
      {(open?.total ?? 0) > 0 && <Text>{t('seasons.openLeftOpen', { year })}</Text>}
    </>
  );
}
