/**
 * A document of several photos as a call names it (issue 31, docs/decisions/0046):
 * `<field>_upload = id1,id2,…`, the pages in order, each a finished resumable upload of the
 * caller's. One id is a call as it was before: the upload is the document as it came.
 */
import { UPLOAD_ID, checkDocumentPages, parsePageIds, type FileKind } from '@puja/domain';
import type { UploadedFile } from '../http/multipart';
import { Refused } from '../refused';
import { buildPagesPdf } from './page-pdf';

/** Whether a refusal says an upload is not there (unknown, another account's, or used up). */
const isNotFound = (error: unknown) => error instanceof Refused && error.key === 'upload.notFound';

/** Whether a value of `<field>_upload` names the pages of a document (more than one id). */
export const namesPages = (value: string): boolean => value.includes(',');

/**
 * Every upload id the `<field>_upload` values of these fields name, pages included (well-formed
 * ids only): what a repeat of a call is recognised by.
 * @example uploadIdsOf({ puja_budget_upload: 'a…,b…' }, ['puja_budget']) // ['a…', 'b…']
 */
export function uploadIdsOf(
  fields: Record<string, unknown>,
  fileFields: readonly string[],
): string[] {
  return fileFields
    .map((field) => fields[`${field}_upload`])
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => value.split(',').map((id) => id.trim()))
    .filter((id) => UPLOAD_ID.test(id));
}

/** The staged upload ids of a set of files, the pages of a document of photos included. */
export function stagedIdsOf(files: Iterable<UploadedFile>): string[] {
  return [...files].flatMap((file) =>
    file.pages
      ? file.pages.flatMap((page) => (page.stagedId === undefined ? [] : [page.stagedId]))
      : file.stagedId === undefined
        ? []
        : [file.stagedId],
  );
}

/**
 * The document a `<field>_upload` value of several ids names: its pages read as staged uploads
 * (`readStaged`: the caller's own, complete), in order, within the domain's page rules (at most
 * MAX_DOCUMENT_PAGES photos, none twice, 3 MB together; 400 with the rule's key otherwise). A
 * page that is not the caller's, or no longer there, is refused as `upload.pages.notYours`
 * (not found, whichever it is: another account's upload reads as unknown).
 */
export async function pagesFile(
  field: string,
  value: string,
  readStaged: (id: string) => Promise<UploadedFile>,
): Promise<UploadedFile> {
  const parsed = parsePageIds(value);
  if (!parsed.ok) throw new Refused(parsed.key, 'input');
  const pages: UploadedFile[] = [];
  for (const id of parsed.ids) {
    pages.push(
      await readStaged(id).catch((error: unknown) => {
        throw isNotFound(error) ? new Refused('upload.pages.notYours', 'notFound') : error;
      }),
    );
  }
  const refused = checkDocumentPages(pages);
  if (refused) throw new Refused(refused.key, 'input');
  return {
    name: `${field}.pdf`,
    type: 'application/pdf',
    size: pages.reduce((sum, page) => sum + page.size, 0),
    path: '',
    head: Buffer.alloc(0),
    kind: 'pdf',
    // Nothing of the PDF comes from outside: its pages are checked (`checkPage`) before it is built.
    checked: true,
    pages,
  };
}

/**
 * The PDF of a document of photos, built of its pages (each checked as an image first by
 * `checkPage`, the one content check of every upload). A page gone meanwhile (a twin of the
 * call used it up) is refused as not found, as a single upload would be.
 */
export async function buildDocumentPdf(
  file: UploadedFile,
  checkPage: (page: UploadedFile) => Promise<FileKind>,
): Promise<Uint8Array> {
  const pages = file.pages ?? [];
  const kinds: FileKind[] = [];
  for (const page of pages) kinds.push(await checkPage(page));
  try {
    return await buildPagesPdf(
      pages.map((page, i) => ({ path: page.path, kind: kinds[i] as FileKind })),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Refused('upload.notFound', 'notFound');
    }
    throw error;
  }
}
