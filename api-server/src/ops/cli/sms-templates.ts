/**
 * Prints the SMS templates a municipality registers on its DLT platform, from the registry in
 * domain (issue 23): the README's table, a CSV for the platform's bulk upload, or the
 * SMS_TEMPLATE_IDS line to fill in with the ids the platform gives back.
 *   pnpm --filter @puja/api-server sms-templates [--format markdown|csv|env]
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { LOCALES, LOCALE_NAMES, SMS_TEMPLATES, countSmsParts } from '@puja/domain';
import { runCli } from './run-cli';

export const SMS_TEMPLATE_FORMATS = ['markdown', 'csv', 'env'] as const;
export type SmsTemplateFormat = (typeof SMS_TEMPLATE_FORMATS)[number];

const ROWS = Object.values(SMS_TEMPLATES).flatMap((template) =>
  LOCALES.map((locale) => ({ template, locale, text: template.text[locale] })),
);

/** DLT's content type: Bengali (any UCS-2 text) registers as Unicode. */
const contentTypeOf = (text: string) =>
  countSmsParts(text).encoding === 'UCS-2' ? 'Unicode' : 'Text';

const csvCell = (value: string) => `"${value.replaceAll('"', '""')}"`;

/**
 * The registry in one of the export formats.
 * @example exportSmsTemplates('env') // 'SMS_TEMPLATE_IDS=applicationReceived.en=…,…'
 */
export function exportSmsTemplates(format: SmsTemplateFormat): string {
  if (format === 'env') {
    return `SMS_TEMPLATE_IDS=${ROWS.map(({ template, locale }) => `${template.key}.${locale}=${template.dltTemplateId[locale]}`).join(',')}`;
  }
  if (format === 'csv') {
    const head = ['Template name', 'Template type', 'Content type', 'Category', 'Template'];
    const lines = ROWS.map(({ template, locale, text }) =>
      [
        `${template.key}.${locale}`,
        'Service Implicit',
        contentTypeOf(text),
        template.purpose,
        text,
      ].map(csvCell),
    );
    return [head.map(csvCell), ...lines].map((cells) => cells.join(',')).join('\n');
  }
  const lines = ROWS.map(({ template, locale, text }) => {
    const variables = template.variables
      .map((v) => `${v.name}${v.url ? ' (URL)' : ''} ≤ ${v.max}`)
      .join(', ');
    return `| \`${template.key}.${locale}\` | ${LOCALE_NAMES[locale]} | ${contentTypeOf(text)} | ${variables} | ${template.maxParts} | ${text} |`;
  });
  return [
    '| template | language | content type | variables, in order | parts at most | text |',
    '| --- | --- | --- | --- | --- | --- |',
    ...lines,
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { format: { type: 'string', default: 'markdown' } } });
  const format = SMS_TEMPLATE_FORMATS.find((name) => name === values.format);
  if (!format) {
    throw new Error(`--format must be one of ${SMS_TEMPLATE_FORMATS.join(', ')}`);
  }
  console.log(exportSmsTemplates(format));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runCli(main);
