import { Alert, Button, Group, Modal, Text, TextInput, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { currentLocale, handOverClub, isApiError } from '@puja/api-client';
import {
  accountText,
  checkHandOverForm,
  isAccountTextKey,
  type AccountTextKey,
  type Club,
} from '@puja/domain';
import { errorText, notify, t, useLocale } from '@puja/web-kit';
import { CLUBS_KEY } from './queries';

/** A text of the account catalogue (domain `accountText`) in the chosen language. */
const at = (key: AccountTextKey, params?: Readonly<Record<string, string>>) =>
  accountText(key, params, currentLocale());

/**
 * Issue 27: an admin hands a club's account to a new e-mail address (the new secretary). The
 * dialog says what happens, asks for the address and why, and keeps a refusal beside the form;
 * the server records it and mails both addresses.
 */
export function HandOverDialog({ club, onClose }: { club: Club | null; onClose: () => void }) {
  useLocale();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ email: '', reason: '' });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const checked = checkHandOverForm(values);
  const errorOf = (field: string) => {
    if (!tried || checked.ok) return undefined;
    const found = checked.errors.find((error) => error.field === field);
    return found ? t(found.message) : undefined;
  };
  const close = () => {
    setValues({ email: '', reason: '' });
    setTried(false);
    setRefusal(null);
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!checked.ok || !club) return;
    setBusy(true);
    setRefusal(null);
    try {
      await handOverClub({ id: club.id, ...checked.value });
      notify.success(() => at('account.handOverSuccess'));
      close();
    } catch (error) {
      setRefusal(
        isApiError(error) && isAccountTextKey(error.code)
          ? at(error.code)
          : errorText(error, 'server.error'),
      );
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: CLUBS_KEY });
    }
  }

  return (
    <Modal
      opened={club !== null}
      onClose={close}
      title={club ? at('account.handOverTitle', { club: club.clubname }) : ''}
      centered
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Text mb="md">{at('account.handOverExplain')}</Text>
        {refusal ? (
          <Alert color="red" mb="md" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <TextInput
          label={at('account.handOverEmail')}
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={(event) => setValues({ ...values, email: event.currentTarget.value })}
          error={errorOf('email')}
          required
          data-autofocus
        />
        <Textarea
          mt="sm"
          label={at('account.handOverReason')}
          value={values.reason}
          onChange={(event) => setValues({ ...values, reason: event.currentTarget.value })}
          error={errorOf('reason')}
          autosize
          minRows={2}
          required
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {at('account.handOver')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
