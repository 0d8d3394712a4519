import { Alert, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { planHolidayImport, type Holiday } from '@puja/domain';
import { DialogActions } from '../../components/dialog-actions';
import { t } from '@puja/web-kit';

/**
 * Importing the state's holiday list as pasted (lines `dd/mm/yyyy name`): domain reads it as
 * the server will, so every unreadable line is named here before anything is sent, and the
 * count to add is shown against the days already listed. All or nothing.
 */
export function ImportHolidaysDialog({
  listed,
  onClose,
  onImport,
}: {
  /** The days already listed (of every year shown so far): they are kept as they are. */
  listed: readonly Holiday[];
  onClose: () => void;
  onImport: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const plan = planHolidayImport(
    text,
    listed.map((holiday) => holiday.date),
  );
  const lineErrors = !plan.ok && 'errors' in plan ? plan.errors : [];

  return (
    <Modal opened onClose={onClose} title={t('holidays.import')} centered size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (plan.ok) onImport(text);
        }}
      >
        <Stack>
          <Text size="sm">{t('holidays.importHint')}</Text>
          <Textarea
            label={t('holidays.importLines')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={6}
            maxRows={14}
            data-autofocus
            required
            spellCheck={false}
          />
          {plan.ok ? (
            <Text size="sm" aria-live="polite">
              {t('holidays.importPreview', { count: plan.add.length })}
            </Text>
          ) : (
            tried && (
              <Alert color="red" role="alert" title={t(plan.key)}>
                {lineErrors.length > 0 && (
                  <List size="sm">
                    {lineErrors.map((error) => (
                      <List.Item key={error.line}>{t(error.key, { line: error.line })}</List.Item>
                    ))}
                  </List>
                )}
              </Alert>
            )
          )}
          <DialogActions onCancel={onClose} confirmLabel={t('holidays.importAction')} />
        </Stack>
      </form>
    </Modal>
  );
}
