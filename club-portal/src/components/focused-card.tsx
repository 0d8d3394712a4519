import { useEffect, useRef, type ReactNode } from 'react';
import { Card } from './card';

/**
 * A page of one narrow card that replaced another under the user's eyes (a step done, a mailed
 * link opened, an answer come): its heading takes the focus, so a screen reader reads the new
 * state from it on; again each time `focusKey` changes (null: not now, e.g. while waiting).
 */
export function FocusedCard({
  titleId,
  title,
  focusKey = 'shown',
  busy,
  children,
}: {
  /** The heading's id, which names the card. */
  titleId: string;
  title: ReactNode;
  focusKey?: string | null;
  /** aria-busy of the card while it waits for an answer. */
  busy?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusKey !== null) heading.current?.focus();
  }, [focusKey]);
  return (
    <main id="main">
      <Card narrow aria-labelledby={titleId} aria-busy={busy}>
        <h1 id={titleId} ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </Card>
    </main>
  );
}
