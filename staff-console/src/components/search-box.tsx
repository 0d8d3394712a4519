import { TextInput } from '@mantine/core';
import { useState } from 'react';

/**
 * A search box whose text lives in the URL: typing shows at once, the URL follows (the caller
 * navigates with replace, not a history entry), and a URL changed from outside (Clear All, Back)
 * shows what it says.
 */
export function SearchBox({
  label,
  description,
  value,
  onChange,
  width,
}: {
  /** The accessible name, also the placeholder. */
  label: string;
  /** A line under the box saying what else it finds (its accessible description). */
  description?: string;
  value: string;
  onChange: (q: string) => void;
  width: number;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      description={description}
      inputWrapperOrder={['description', 'input']}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        setSeen(next);
        onChange(next);
      }}
      w={width}
    />
  );
}
