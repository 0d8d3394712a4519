import { Spinner } from '../../components/spinner';

/** Arrives in the next commit. */
export function DashboardPage() {
  return <Spinner />;
}
