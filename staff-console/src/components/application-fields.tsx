import { SimpleGrid, Text } from '@mantine/core';
import {
  AUTHORITIES,
  localiseDigits,
  type Application,
  type ApplicationAuthorities,
  type MessageKey,
} from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import { Panel } from './panel';

/**
 * A labelled value of an application's details ("N/A" when empty). A number (a ward), or a text
 * marked `digits` (a phone, a registration number), is written in the chosen language's digits:
 * one script of digits per screen.
 */
export function Field({
  label,
  value,
  digits = false,
}: {
  label: MessageKey;
  value: string | number | null;
  /** The text is a number as typed (a phone, a registration number): its digits follow the language. */
  digits?: boolean;
}) {
  const locale = useLocale();
  const shown =
    typeof value === 'number' || digits ? localiseDigits(String(value ?? ''), locale) : value;
  // A grid cell may shrink below its content and a long e-mail address breaks anywhere: at
  // 1024 px the address ran over the phone beside it (issue 27).
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {t(label)}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {shown === null || shown === '' ? t('date.notAvailable') : shown}
      </Text>
    </div>
  );
}

/** SPEC §2 Club Details: the application detail's. */
export function ClubDetails({ app }: { app: Application }) {
  useLocale();
  const ward = app.puja_location_ward_no;
  return (
    <Panel title={t('applications.clubDetails')} id="club-details">
      <SimpleGrid cols={2}>
        <Field label="applications.email" value={app.email} />
        <Field label="applications.phone" value={app.phone} digits />
        <Field label="applications.wardLabel" value={app.ward_no} />
        <Field label="applications.govtRegisterNo" value={app.govt_register_no} digits />
        <Field label="applications.clubAddress" value={app.address} />
        <Field
          label="applications.pujaLocation"
          value={`${app.puja_location_address}${ward ? ` (${t('applications.ward', { ward })})` : ''}`}
        />
      </SimpleGrid>
    </Panel>
  );
}

/** SPEC §2 Contact Person Details: the application detail's, and the agency desk's (issue 29). */
export function ContactPersons({ app }: { app: ApplicationAuthorities }) {
  // The phone in the chosen language's digits: one script of digits per screen.
  const locale = useLocale();
  const person = (name: string, phone: string) =>
    name ? `${name} (${localiseDigits(phone, locale)})` : '';
  return (
    <Panel title={t('applications.contactPersons')}>
      <SimpleGrid cols={2}>
        {AUTHORITIES.map(({ field, key }) => (
          <Field
            key={field}
            label={`applications.${key}`}
            value={person(app[`${field}_name`], app[`${field}_phone`])}
          />
        ))}
      </SimpleGrid>
    </Panel>
  );
}
