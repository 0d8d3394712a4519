import { Button, Kbd, type ButtonProps } from '@mantine/core';
import { t } from '@puja/web-kit';

/**
 * The review desk's Approve and Reject buttons, the same on the detail page and both panels:
 * approve filled teal, reject outlined red. `about` names what they decide for a screen reader
 * ("Approve Certificate Sree Sangha") where many rows carry them; `shortcuts` shows the A and R
 * keys on the step they act on; the final decision names the decision taken instead.
 */
export function DecisionButtons({
  size,
  h,
  about,
  shortcuts = false,
  approveLabel = t('review.approve'),
  rejectLabel = t('review.reject'),
  approveDisabled = false,
  rejectDisabled = false,
  onApprove,
  onReject,
}: {
  size?: ButtonProps['size'];
  h?: ButtonProps['h'];
  about?: string;
  shortcuts?: boolean;
  approveLabel?: string;
  rejectLabel?: string;
  approveDisabled?: boolean;
  rejectDisabled?: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <>
      <Button
        size={size}
        h={h}
        color="teal.9"
        disabled={approveDisabled}
        onClick={onApprove}
        aria-label={about === undefined ? undefined : `${t('review.approve')} ${about}`}
        rightSection={shortcuts ? <Kbd size="xs">A</Kbd> : undefined}
      >
        {approveLabel}
      </Button>
      <Button
        size={size}
        h={h}
        color="red.9"
        variant="outline"
        disabled={rejectDisabled}
        onClick={onReject}
        aria-label={about === undefined ? undefined : `${t('review.reject')} ${about}`}
        rightSection={shortcuts ? <Kbd size="xs">R</Kbd> : undefined}
      >
        {rejectLabel}
      </Button>
    </>
  );
}
