import { SimpleGrid, Text } from '@mantine/core';
import {
  AUTHORITIES,
  localiseDigits,
  type ApplicationAuthorities,
  type MessageKey,
} from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import { Panel } from './panel';

/** A labelled value of an application's details ("N/A" when empty). */
export function Field({ label, value }: { label: MessageKey; value: string | number | null }) {
  // A grid cell may shrink below its content and a long e-mail address breaks anywhere: at
  // 1024 px the address ran over the phone beside it (issue 27).
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {t(label)}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value === null || value === '' ? t('date.notAvailable') : value}
      </Text>
    </div>
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
