import { Textarea, type TextareaProps } from '@mantine/core';

/**
 * A reason typed in a dialog (a withdrawal, a dismissal, a rejection, a release, a season's
 * closing, a department's objection): a text area three rows high that grows with the text.
 */
export function ReasonField(props: Omit<TextareaProps, 'autosize' | 'minRows'>) {
  return <Textarea {...props} autosize minRows={3} />;
}
