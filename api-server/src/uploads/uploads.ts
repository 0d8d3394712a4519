import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { EXTENSION_OF_KIND, validateImageHeader, type FileKind } from '@puja/domain';
import type { AppContext } from '../context';
import type { FileStorage } from './storage';
import { validationError, type UploadedFile } from '../http/http';
import { pdfProblem } from './pdf-inspection';
import { buildDocumentPdf } from './staged-pages';

/**
 * The one check of an uploaded file's content, whichever call uploaded it and however (a
 * multipart part, a resumable upload as it finishes): the bytes are a known kind (else 415), an
 * image's header is one a reviewer's browser may decode (a small file may declare a huge
 * image), and a PDF carries no script, launch, attachment or HTML (pdf-inspection.ts; its
 * checks queue account by account, `account` being the uploader's user id, and a full queue
 * answers 503). Returns its kind, else throws the refusal.
 */
export async function checkedKind(
  file: Pick<UploadedFile, 'kind' | 'head' | 'path' | 'checked'>,
  pdfCheckMs: number,
  account: number,
): Promise<FileKind> {
  if (!file.kind) throw validationError('validation.fileType');
  // A finished resumable upload was checked when its last byte arrived; its bytes cannot change.
  if (file.checked === true) return file.kind;
  const problem =
    file.kind === 'pdf'
      ? await pdfProblem(file.path, pdfCheckMs, String(account))
      : validateImageHeader(file.head);
  if (problem) throw validationError(problem);
  return file.kind;
}

/**
 * Checks and writes uploaded files: a multipart part's temp file is adopted, a finished
 * resumable upload copied in (it stays staged until the work's transaction claims it), a
 * document of photos built into one PDF of its pages, each checked as an image (its pages stay
 * staged likewise; a kill while it is built leaves a temp file the next start removes). Then
 * runs the database work that references them. If the work fails the files are removed again,
 * so a refused or failed change leaves no file behind. `account`: whose files (the caller's
 * user id).
 */
export async function storeUploads<T>(
  ctx: Pick<AppContext, 'storage' | 'config'>,
  account: number,
  files: readonly UploadedFile[],
  work: (names: string[]) => Promise<T>,
): Promise<T> {
  const check = (file: UploadedFile) => checkedKind(file, ctx.config.pdfCheckMs, account);
  const kinds: FileKind[] = [];
  for (const file of files) kinds.push(await check(file));
  const { storage } = ctx;
  const names: string[] = [];
  try {
    for (const [i, file] of files.entries()) {
      const kind = kinds[i] as FileKind;
      names.push(
        file.pages
          ? await storage.put(await buildDocumentPdf(file, check), 'pdf')
          : file.stagedId === undefined
            ? await storage.adopt(file.path, kind)
            : await storage.importFile(file.path, kind),
      );
    }
    return await work(names);
  } catch (error) {
    await Promise.all(names.map((name) => storage.remove(name)));
    throw error;
  }
}

/** The kind of a stored file, from its name's extension. */
function kindOfStoredName(name: string): FileKind | null {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  const found = (Object.entries(EXTENSION_OF_KIND) as [FileKind, string][]).find(
    ([, ext]) => ext === extension,
  );
  return found ? found[0] : null;
}

/**
 * Copies a stored file under a new name (a renewal's carried-over land document becomes a
 * version of the new application: removing either never touches the other); null when the
 * file is not there.
 */
export async function copyStoredFile(storage: FileStorage, name: string): Promise<string | null> {
  const kind = kindOfStoredName(name);
  const source = kind === null ? null : await storage.open(name);
  if (kind === null || source === null) return null;
  const temp = storage.tempPath();
  try {
    await pipeline(source.stream, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
    return await storage.adopt(temp, kind);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
