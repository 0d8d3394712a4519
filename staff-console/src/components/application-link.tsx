import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Application } from '@puja/domain';
import { t } from '@puja/web-kit';

/**
 * The club's name linking to its application's detail page (the list's cards and both review
 * panels); "Unknown Club" when the name is missing.
 */
export function ApplicationLink({
  app,
  ...props
}: { app: Pick<Application, 'id' | 'club_name'> } & AnchorProps) {
  return (
    <Anchor
      {...props}
      renderRoot={(root) => (
        <Link {...root} to="/admin/noc-applications/$id" params={{ id: String(app.id) }} />
      )}
    >
      {app.club_name || t('applications.unknownClub')}
    </Anchor>
  );
}
