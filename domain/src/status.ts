/** The three states every review item can be in (SPEC §4). */
export type ReviewStatus = 'Pending' | 'Approved' | 'Rejected';

/** A staff decision on a review item. */
export type Decision = 'approve' | 'reject';

/** Server codes (SPEC §4, §9): "1" Approved, "2" Rejected, anything else Pending. */
export const STATUS_CODE = { Approved: '1', Rejected: '2', Pending: '0' } as const;

/** Codes sent back for a decision (SPEC §7, §4: we take the reading "1 approve, 2 reject"). */
export const DECISION_CODE = { approve: '1', reject: '2' } as const satisfies Record<
  Decision,
  string
>;

/**
 * Reads a server status code; anything but "1" or "2" is Pending.
 * @example statusFromCode('1') // 'Approved'; statusFromCode(null) // 'Pending'
 */
export function statusFromCode(code: unknown): ReviewStatus {
  const text =
    typeof code === 'number' ? String(code) : typeof code === 'string' ? code.trim() : '';
  if (text === STATUS_CODE.Approved) return 'Approved';
  if (text === STATUS_CODE.Rejected) return 'Rejected';
  return 'Pending';
}

/**
 * Reads a status code strictly, for a field that names a status ('0', '1' or '2'); null for
 * anything else.
 * @example statusOfExactCode('0') // 'Pending'; statusOfExactCode('x') // null
 */
export function statusOfExactCode(code: unknown): ReviewStatus | null {
  const text =
    typeof code === 'number' ? String(code) : typeof code === 'string' ? code.trim() : '';
  const found = (Object.keys(STATUS_CODE) as ReviewStatus[]).find((s) => STATUS_CODE[s] === text);
  return found ?? null;
}

/**
 * The code a server stores for a status.
 * @example codeFromStatus('Rejected') // '2'
 */
export function codeFromStatus(status: ReviewStatus): string {
  return STATUS_CODE[status];
}

/**
 * Reads a decision code sent by a client ("1"/1 approve, "2"/2 reject); anything else is no decision.
 * @example decisionFromCode('2') // 'reject'; decisionFromCode('x') // null
 */
export function decisionFromCode(code: unknown): Decision | null {
  const status = statusFromCode(code);
  if (status === 'Approved') return 'approve';
  if (status === 'Rejected') return 'reject';
  return null;
}

/** The status a decision leads to. @example statusForDecision('approve') // 'Approved' */
export function statusForDecision(decision: Decision): Exclude<ReviewStatus, 'Pending'> {
  return decision === 'approve' ? 'Approved' : 'Rejected';
}

/** Club status codes (SPEC §3, §9): A active, I inactive. */
export type ClubStatus = 'A' | 'I';

/** The club status after a toggle. @example toggleClubStatus('A') // 'I' */
export function toggleClubStatus(status: ClubStatus): ClubStatus {
  return status === 'A' ? 'I' : 'A';
}

/** Reads a club status code; only "A" is active. @example clubStatusFromCode('a') // 'A' */
export function clubStatusFromCode(code: unknown): ClubStatus {
  return typeof code === 'string' && code.trim().toUpperCase() === 'A' ? 'A' : 'I';
}
