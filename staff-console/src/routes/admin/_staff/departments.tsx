import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { addAgency, updateAgency, type Outcome } from '@puja/api-client';
import type { Agency, AgencyFields } from '@puja/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { useAgencyColumns, type AgencyActions } from '../../../features/departments/agency-columns';
import { AgencyDialog } from '../../../features/departments/agency-dialog';
import { AGENCIES_KEY, agenciesQuery } from '../../../features/departments/queries';
import { useChange } from '../../../lib/use-change';
import { t, usePageTitle } from '@puja/web-kit';

type Dialog =
  { kind: 'add' } | { kind: 'edit'; agency: Agency } | { kind: 'toggle'; agency: Agency } | null;

export const Route = createFileRoute('/admin/_staff/departments')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(agenciesQuery()),
  component: DepartmentsPage,
});

/** An agency's fields as the calls take them (its id apart). */
const fieldsOf = ({ id: _id, ...fields }: Agency): AgencyFields => fields;

/**
 * Issue 29 Departments (admin): the agencies an application is referred to; add, edit, and
 * switch one on or off (its open referrals stay as they are). The server audits every change;
 * its refusal stays in the dialog (or on the page for a switch) in the words of its key.
 */
function DepartmentsPage() {
  usePageTitle(t('agencies.title'));
  const { data: agencies, error, isPending } = useQuery(agenciesQuery());
  const change = useChange([AGENCIES_KEY]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [actions] = useState<AgencyActions>(() => ({
    onEdit: (agency) => open({ kind: 'edit', agency }),
    onToggle: (agency) => open({ kind: 'toggle', agency }),
  }));
  const columns = useAgencyColumns(actions);

  function open(next: Dialog) {
    setRefusal(null);
    setDialog(next);
  }

  /** Runs a change: closes the dialog once done, else keeps the refusal. */
  async function run(act: () => Promise<Outcome>, closeFirst = false) {
    if (closeFirst) setDialog(null);
    const answer = await change(
      { loading: 'agencies.saving', failure: 'agencies.saveFailed' },
      act,
    );
    if (answer.ok) open(null);
    else setRefusal(answer.text);
  }

  const toggling = dialog?.kind === 'toggle' ? dialog.agency : null;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('agencies.title')}</Title>
        <Button onClick={() => open({ kind: 'add' })}>{t('agencies.add')}</Button>
      </Group>
      <Text size="sm" maw={720}>
        {t('agencies.intro')}
      </Text>
      <ErrorAlert error={error} fallback="agencies.fetchFailed" />
      <ErrorAlert text={dialog === null ? refusal : null} onClose={() => setRefusal(null)} />
      <DataTable
        columns={columns}
        data={agencies ?? []}
        loading={isPending}
        emptyText={t('agencies.empty')}
        getRowId={(agency) => String(agency.id)}
      />
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <AgencyDialog
          agency={dialog.kind === 'edit' ? dialog.agency : null}
          refusal={refusal}
          onClose={() => setDialog(null)}
          onSave={(fields) =>
            void run(() =>
              dialog.kind === 'edit' ? updateAgency(dialog.agency.id, fields) : addAgency(fields),
            )
          }
        />
      )}
      <ConfirmDialog
        opened={toggling !== null}
        question={
          toggling === null
            ? ''
            : t(toggling.active ? 'agencies.deactivateConfirm' : 'agencies.activateConfirm', {
                name: toggling.name,
              })
        }
        confirmLabel={t(toggling?.active ? 'agencies.deactivate' : 'agencies.activate')}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          toggling &&
          void run(
            () => updateAgency(toggling.id, { ...fieldsOf(toggling), active: !toggling.active }),
            true,
          )
        }
      />
    </Stack>
  );
}
