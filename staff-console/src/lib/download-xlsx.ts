/** The media type of an Excel workbook. */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Hands a written .xlsx file to the browser as a download named `fileName` (the Issued NOCs
 * export, the RTPS report).
 * @example downloadXlsx(xlsx.write(book, { type: 'array', bookType: 'xlsx' }), 'RTPS_report_2025.xlsx');
 */
export function downloadXlsx(bytes: ArrayBuffer | Uint8Array<ArrayBuffer>, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type: XLSX_TYPE }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
