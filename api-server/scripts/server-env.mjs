/**
 * What the API server's process needs in its environment before it starts, for every way it is
 * started (`pnpm --filter @puja/api-server start`, `npm start`, the deploy drill, the test and
 * benchmark servers). A value already set in the environment wins.
 *
 * MALLOC_MMAP_THRESHOLD_: glibc serves a large allocation by mmap and gives it back when freed,
 * but after the first such free it raises its threshold up to 32 MB, and from then on the
 * argon2 hashes (19 MB each) and large buffers of a surge come from its heaps, which it keeps:
 * after 1,024 clubs at once on PostgreSQL the server stayed at 1.5 GB for good. Pinned at
 * 128 KB (glibc's own start value) the same surge went back to 358 MB within 30 s (issue 26).
 * Other C libraries ignore it. (package.json's `start` sets the same value in its shell line.)
 * @example spawn(process.execPath, ['src/main.ts'], { env: { ...serverEnv(process.env), PORT } })
 */
export function serverEnv(env) {
  return { MALLOC_MMAP_THRESHOLD_: '131072', ...env };
}
