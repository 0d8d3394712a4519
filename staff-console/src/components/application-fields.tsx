import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { MessageKey } from '@puja/domain';
import { t } from '@puja/web-kit';

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

/** The four authorities of an application with their phones (SPEC §2 Contact Person Details). */
export interface Authorities {
  club_president_name: string;
  club_president_phone: string;
  club_secrety_name: string;
  club_secrety_phone: string;
  puja_presient_name: string;
  puja_presient_phone: string;
  puja_secretary_name: string;
  puja_secretary_phone: string;
}

/** SPEC §2 Contact Person Details: the application detail's, and the agency desk's (issue 29). */
export function ContactPersons({ app }: { app: Authorities }) {
  const person = (name: string, phone: string) => (name ? `${name} (${phone})` : '');
  return (
    <Paper withBorder p="md" component="section">
      <Title order={2} size="h4" mb="sm">
        {t('applications.contactPersons')}
      </Title>
      <SimpleGrid cols={2}>
        <Field
          label="applications.clubPresident"
          value={person(app.club_president_name, app.club_president_phone)}
        />
        <Field
          label="applications.clubSecretary"
          value={person(app.club_secrety_name, app.club_secrety_phone)}
        />
        <Field
          label="applications.pujaPresident"
          value={person(app.puja_presient_name, app.puja_presient_phone)}
        />
        <Field
          label="applications.pujaSecretary"
          value={person(app.puja_secretary_name, app.puja_secretary_phone)}
        />
      </SimpleGrid>
    </Paper>
  );
}
