import type { ApplicationResult, DocumentSource } from '@puja/api-client';
import type { MessageKey } from '@puja/domain';
import { ErrorSummary, said, t } from '@puja/web-kit';
import { Button } from '../../components/button';
import { SendingStatus } from './busy-notice';
import { FilePicker } from './file-picker';
import { useUpload } from './use-upload';

/**
 * One document sent on its own (the signed acknowledgement, a rejected document's re-upload):
 * its picker, how the send goes, and the button; with no file chosen the button says `missing`
 * beside the picker and focuses it. `summaryId`: an error summary above the picker, with that id.
 */
export function DocumentUpload({
  id,
  slot,
  label,
  messages,
  missing,
  action,
  block = false,
  summaryId,
  send,
}: {
  /** The picker's id (unique on the page). */
  id: string;
  /** The upload slot the chosen file is kept in. */
  slot: string;
  label: string;
  /** The toast's words while sending and on failure. */
  messages: { loading: MessageKey; failure: MessageKey };
  /** What is said when the button is pressed with no file chosen. */
  missing: MessageKey;
  /** The button's word. */
  action: MessageKey;
  /** A full-width button. */
  block?: boolean;
  summaryId?: string;
  /** The act's api-client call (it chooses the upload's id or the file itself). */
  send: (
    file: DocumentSource,
    onProgress?: (fraction: number) => void,
  ) => Promise<ApplicationResult>;
}) {
  const upload = useUpload(messages, slot);

  async function submit() {
    if (!upload.chosen()) {
      upload.setError(() => t(missing));
      document.getElementById(id)?.focus();
      return;
    }
    await upload.run(send);
  }

  const error = upload.error === null ? null : said(upload.error);
  return (
    <>
      {summaryId === undefined ? null : (
        <ErrorSummary
          id={summaryId}
          title=""
          entries={error ? [{ text: error, fieldId: id }] : []}
        />
      )}
      <FilePicker id={id} label={label} slot={slot} error={error} />
      <SendingStatus
        waiting={upload.waiting}
        busyRetry={upload.busyRetry}
        progress={upload.progress}
      />
      <Button block={block} disabled={upload.busy} onClick={() => void submit()}>
        {t(action)}
      </Button>
    </>
  );
}
