import { Spinner } from '../../components/spinner';

/** Arrives in the next commit. */
export function PrintAcknowledgementPage() {
  return <Spinner />;
}
