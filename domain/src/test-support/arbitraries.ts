import fc from 'fast-check';
import { REVIEW_DOCUMENTS, type Application } from '../application';
import {
  canDecideDocument,
  canDecideFinal,
  canReupload,
  canUploadAcknowledgement,
  applyDocumentDecision,
  applyFinalDecision,
  applyReupload,
  applyAcknowledgementUpload,
  type ApplicationOutcome,
} from '../review-order';
import type { Decision } from '../status';
import { freshApplication } from './application';

/** One step of a review story: which available move to take, and how to decide it. */
interface Move {
  pick: number;
  decision: Decision;
  reason: string;
}

const moveArb: fc.Arbitrary<Move> = fc.record({
  pick: fc.nat(),
  // Approvals are more common than rejections, so stories reach the final decision often.
  decision: fc.constantFrom<Decision>('approve', 'approve', 'approve', 'reject'),
  reason: fc.oneof(fc.constant(''), fc.string({ maxLength: 20 })),
});

/** Every move the workflow allows right now, each as a function from the application. */
function availableMoves(app: Application, move: Move): ((a: Application) => ApplicationOutcome)[] {
  const moves: ((a: Application) => ApplicationOutcome)[] = [];
  // A reason is always given for a rejection, so the decision is not refused for lack of one.
  const reason = move.decision === 'reject' ? move.reason.trim() || 'unreadable' : move.reason;
  if (canUploadAcknowledgement(app))
    moves.push((a) => applyAcknowledgementUpload(a, 'files/ack.pdf'));
  for (const doc of REVIEW_DOCUMENTS) {
    if (canDecideDocument(app, doc))
      moves.push((a) => applyDocumentDecision(a, doc, move.decision, reason));
    if (canReupload(app, doc)) moves.push((a) => applyReupload(a, doc, `files/${doc}-2.pdf`));
  }
  if (canDecideFinal(app)) {
    moves.push((a) => applyFinalDecision(a, move.decision, reason, '2025-09-20T08:00:00.000Z'));
  }
  return moves;
}

/** Plays a story of moves from a fresh submission through the real transitions. */
export function playStory(start: Application, story: readonly Move[]): Application {
  let app = start;
  for (const move of story) {
    const moves = availableMoves(app, move);
    const chosen = moves[move.pick % Math.max(moves.length, 1)];
    if (!chosen) break;
    const result = chosen(app);
    if (!result.ok) throw new Error(`an available move was refused: ${result.key}`);
    app = result.application;
  }
  return app;
}

/** Reg numbers as a server might assign them, all ending in at least one digit. */
export const regNoArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0, max: 999999 }).map(String),
  fc.integer({ min: 1, max: 9999 }).map((n) => `NOC-2025-${String(n).padStart(4, '0')}`),
  fc
    .tuple(fc.stringMatching(/^[A-Z]{0,3}$/), fc.stringMatching(/^\d{1,4}$/))
    .map(([a, b]) => a + b),
);

const wardArb = fc.option(fc.integer({ min: 1, max: 25 }), { nil: null });

/** A fresh submission with random identity, club name and wards. */
export const freshApplicationArb: fc.Arbitrary<Application> = fc
  .record({
    id: fc.integer({ min: 1, max: 100000 }),
    reg_no: regNoArb,
    club_name: fc.string({ maxLength: 15 }).map((name) => name.trim()),
    ward_no: wardArb,
    puja_location_ward_no: wardArb,
  })
  .map((fields) => freshApplication(fields));

/** An application reachable through the review order: a fresh one plus a random story. */
export const reachableApplicationArb: fc.Arbitrary<Application> = fc
  .tuple(freshApplicationArb, fc.array(moveArb, { maxLength: 30 }))
  .map(([start, story]) => playStory(start, story));
