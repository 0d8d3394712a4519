import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { EXTENSION_OF_KIND, validateImageHeader, type FileKind } from '@puja/domain';
import { ApiError } from './errors';
import { validationError, type UploadedFile } from './http';
import type { FileStorage } from './storage';

/**
 * Writes uploaded files (415 for any whose bytes are not a known kind): a multipart part's temp
 * file is adopted, a finished resumable upload copied in (it stays staged until the work's
 * transaction claims it). Then runs the database work that references them. If the work fails the files are removed again, so a refused or
 * failed change leaves no file behind.
 */
export async function storeUploads<T>(
  storage: FileStorage,
  files: readonly UploadedFile[],
  work: (names: string[]) => Promise<T>,
): Promise<T> {
  const names: string[] = [];
  try {
    for (const file of files) {
      if (!file.kind) throw new ApiError(415, 'validation.fileType');
      // A small file may declare a huge image: refused before any reviewer's browser decodes it.
      const problem = validateImageHeader(file.head);
      if (problem) throw validationError(problem);
      names.push(
        file.stagedId === undefined
          ? await storage.adopt(file.path, file.kind)
          : await storage.importFile(file.path, file.kind),
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
