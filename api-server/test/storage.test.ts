import { mkdtemp, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDiskStorage, isStoredName } from '../src/uploads/storage';
import { PDF, PNG } from './harness';

async function store() {
  const dir = await mkdtemp(join(tmpdir(), 'puja-storage-'));
  return { dir, storage: await createDiskStorage(dir) };
}

describe('disk storage', () => {
  it('stores bytes under a new opaque name with the extension of their kind', async () => {
    const { dir, storage } = await store();
    const a = await storage.put(PDF, 'pdf');
    const b = await storage.put(PNG, 'png');
    expect(a).toMatch(/^[0-9a-f]{16}\.pdf$/);
    expect(b).toMatch(/^[0-9a-f]{16}\.png$/);
    expect(a).not.toBe(b);
    expect(await readFile(join(dir, a))).toEqual(PDF);
    expect((await readdir(dir)).sort()).toEqual([a, b].sort());
  });

  it('opens only its own names', async () => {
    const { dir, storage } = await store();
    await writeFile(join(dir, 'secret.txt'), 'no');
    const name = await storage.put(PDF, 'pdf');
    expect((await storage.open(name))?.size).toBe(PDF.length);
    for (const bad of ['secret.txt', '../secret.txt', `${name}/..`, `../${name}`, '']) {
      expect(await storage.open(bad)).toBeNull();
    }
    expect(await storage.open(`${'0'.repeat(16)}.pdf`)).toBeNull();
    expect(isStoredName(`${'0'.repeat(32)}.jpg`)).toBe(true);
    expect(isStoredName(`${'0'.repeat(16)}.exe`)).toBe(false);
  });

  it('removes temp files and unreferenced files, keeping young ones when asked', async () => {
    const { dir, storage } = await store();
    const kept = await storage.put(PDF, 'pdf');
    const orphan = await storage.put(PDF, 'pdf');
    const young = await storage.put(PDF, 'pdf');
    const old = new Date(Date.now() - 3600_000);
    await writeFile(join(dir, 'abc.tmp'), 'half');
    for (const name of [kept, orphan, 'abc.tmp']) await utimes(join(dir, name), old, old);
    await writeFile(join(dir, 'notes.txt'), 'not ours');
    expect(await storage.removeOrphans(new Set([kept]), 60_000)).toBe(2);
    expect((await readdir(dir)).sort()).toEqual([kept, young, 'notes.txt'].sort());
    expect(await storage.removeOrphans(new Set([kept]))).toBe(1);
    expect((await readdir(dir)).sort()).toEqual([kept, 'notes.txt'].sort());
  });
});
