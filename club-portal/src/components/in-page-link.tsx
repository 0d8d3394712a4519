import type { MouseEvent, ReactNode } from 'react';

/**
 * A link to an element of the same page (`#id`): scrolls it into view and moves focus to it,
 * so keyboard and screen-reader users land where the link says (a file picker, the contact).
 */
export function InPageLink({
  target,
  className,
  children,
}: {
  target: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  function jump(event: MouseEvent<HTMLAnchorElement>) {
    const element = document.getElementById(target);
    if (!element) return;
    event.preventDefault();
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  }
  return (
    <a href={`#${target}`} className={className} onClick={jump}>
      {children}
    </a>
  );
}
