import { validateImageHeader, type FileKind } from '@puja/domain';
import type { AppContext } from './context';
import { validationError, type UploadedFile } from './http';
import { pdfProblem } from './pdf-inspection';

/**
 * The one check of uploaded files' content, whichever call uploaded them: the bytes are a known
 * kind (else 415), an image's header is one a reviewer's browser may decode (a small file may
 * declare a huge image), and a PDF carries no script, launch, attachment or HTML
 * (pdf-inspection.ts). Returns each file's kind; throws the first refusal.
 */
async function checkedKinds(
  files: readonly UploadedFile[],
  pdfCheckMs: number,
): Promise<FileKind[]> {
  const kinds: FileKind[] = [];
  for (const file of files) {
    if (!file.kind) throw validationError('validation.fileType');
    const problem =
      file.kind === 'pdf'
        ? await pdfProblem(file.path, pdfCheckMs)
        : validateImageHeader(file.head);
    if (problem) throw validationError(problem);
    kinds.push(file.kind);
  }
  return kinds;
}

/**
 * Checks and writes uploaded files, then runs the database work that references them. If the
 * work fails the files are removed again, so a refused or failed change leaves no file behind.
 */
export async function storeUploads<T>(
  ctx: Pick<AppContext, 'storage' | 'config'>,
  files: readonly UploadedFile[],
  work: (names: string[]) => Promise<T>,
): Promise<T> {
  const kinds = await checkedKinds(files, ctx.config.pdfCheckMs);
  const names: string[] = [];
  try {
    for (const [i, file] of files.entries()) {
      names.push(await ctx.storage.adopt(file.path, kinds[i] as FileKind));
    }
    return await work(names);
  } catch (error) {
    await Promise.all(names.map((name) => ctx.storage.remove(name)));
    throw error;
  }
}
