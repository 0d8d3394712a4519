import { localiseDigits, WARD_NUMBERS } from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import { Field } from './field';

/**
 * The ward `<select>` (wards 1–25 in the language's digits, "Select Ward" first) with its label
 * and error; the values stay 1–25.
 * @example <WardField {...form.field('ward_no')} label={t('applyNoc.field.wardNo')} value={ward} onValueChange={setWard} />
 */
export function WardField({
  id,
  label,
  error,
  value,
  onValueChange,
}: {
  id: string;
  label: string;
  error?: string | null | undefined;
  value: string;
  onValueChange: (value: string) => void;
}) {
  const locale = useLocale();
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onValueChange(event.target.value)}>
          <option value="">{t('form.selectWard')}</option>
          {WARD_NUMBERS.map((ward) => (
            <option key={ward} value={ward}>
              {localiseDigits(String(ward), locale)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
