import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A section of a staff page: a bordered panel under its heading (an h2 at h4 size); `id`: the
 * heading's, which then names the section (aria-labelledby).
 */
export function Panel({
  title,
  id,
  children,
}: {
  title: ReactNode;
  id?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
