import {
  decideReferral,
  referralDecisionBlocker,
  respondToObjection,
  validateReferralDecision,
  validateReferralLetter,
  validateReferralResponse,
  validateUploadFile,
  validateWithdrawalReason,
  withdrawReferral,
  successKeyOf,
  municipalDay,
  reopeningAppeal,
  type Appeal,
  type Application,
  type ValidationResult,
  WIRE_APPLICATION_FIELDS,
} from '@puja/domain';
import type { FastifyInstance } from 'fastify';
import { appealsOf } from '../appeals/appeal-store';
import { findApplication, toWire } from '../applications/application-store';
import { requireAction, requireOwnClub, type Caller } from '../accounts/auth';
import type { AppContext } from '../context';
import { readInput, requireId, sendOk, validationError, type UploadedFile } from '../http/http';
import { Refused } from '../refused';
import { storeUploads } from '../uploads/uploads';
import { addAgency, listAgencies, updateAgency } from './agency-store';
import {
  agencyOfCaller,
  changeReferral,
  findReferralOwner,
  listReferrals,
  type ReferralContext,
  type ReferralDetail,
} from './referral-store';

/** A checked value, or the refusal of bad input (422, as the contract answers missing text). */
function valueOf<T>(result: ValidationResult<T>): T {
  if (!result.ok) throw new Refused(result.message, 'rule');
  return result.value;
}

/** A field of an application on the wire. */
type WireApplicationField = (typeof WIRE_APPLICATION_FIELDS)[number];

/** The wire fields from `first` to `last`, in the wire's order. */
function wireFieldsFrom(
  first: WireApplicationField,
  last: WireApplicationField,
): readonly WireApplicationField[] {
  const fields = WIRE_APPLICATION_FIELDS;
  return fields.slice(fields.indexOf(first), fields.indexOf(last) + 1);
}

/**
 * The fields of an application an agency officer sees (issue 29: the detail slice): who and
 * which season, then the puja's place, its authorities and its documents.
 */
const SLICE_FIELDS: readonly (WireApplicationField | 'id')[] = [
  'id',
  'reg_no',
  'apply_year',
  'club_name',
  ...wireFieldsFrom('puja_location_address', 'acknowledgement'),
];

/** The calls that take one file. */
const ONE_FILE = { config: { uploadFiles: 1 } };

/**
 * Other departments (issue 29): agencies (admin keeps them; staff and officers read them) and
 * referrals (officers decide their agency's online ones, admin and store record an offline
 * agency's letter, the club answers an objection, admin withdraws one).
 */
export function registerDepartmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAgencyRoutes(app, ctx);
  registerReferralListRoutes(app, ctx);
  registerReferralDecisionRoutes(app, ctx);
  registerReferralAnswerRoutes(app, ctx);
}

/** The agencies: admin keeps them, staff and officers read them. */
function registerAgencyRoutes(app: FastifyInstance, { db }: AppContext): void {
  /** GET /list-agencies.php (staff and agency officers). */
  app.get('/list-agencies.php', async function listAllAgencies(request, reply) {
    await requireAction(db, request, 'viewAgencies');
    return sendOk(reply, null, await listAgencies(db));
  });

  /** POST /add-agency.php {name, kind, wards, mode, days, deemed_approval, email, phone, active} (admin). */
  app.post('/add-agency.php', async function addOneAgency(request, reply) {
    const caller = await requireAction(db, request, 'manageAgencies');
    const { fields } = await readInput(request);
    return sendOk(reply, 'agencies.added', await addAgency(db, caller, fields), 201);
  });

  /** POST /update-agency.php {id, …the same fields} (admin). */
  app.post('/update-agency.php', async function updateOneAgency(request, reply) {
    const caller = await requireAction(db, request, 'manageAgencies');
    const { fields } = await readInput(request);
    return sendOk(reply, 'agencies.updated', await updateAgency(db, caller, fields));
  });
}

/** The referrals an officer's agency (or the staff) sees, each with its application's slice. */
function registerReferralListRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, links } = ctx;

  /** A referral with its application's slice, its files signed. */
  function detailOnWire(
    referral: ReferralDetail,
    app: Application | undefined,
    appeals: readonly Appeal[],
  ) {
    const sign = links.forApplication(referral.application_id, ctx.now());
    const wire: Readonly<Record<string, unknown>> | null = app
      ? toWire(app, links, ctx.now())
      : null;
    const application = wire
      ? Object.fromEntries(SLICE_FIELDS.map((field) => [field, wire[field]]))
      : null;
    return {
      ...referral,
      response_document: referral.response_document ? sign(referral.response_document) : null,
      letter: referral.letter ? sign(referral.letter) : null,
      application,
      // Issue 30: a rejection set aside by an allowed appeal: the decider reads the club's reason.
      appeal_reason:
        referral.status === 'pending'
          ? (reopeningAppeal(appeals, 'referral', referral.id)?.reason ?? null)
          : null,
    };
  }

  /**
   * GET /list-referrals.php?year= : an agency officer's agency's referrals, staff every one;
   * of a season when `year` is given. Each with the application's slice (club, puja location
   * and ward, the four authorities with phones, land type, documents as signed links).
   */
  app.get('/list-referrals.php', async function listAllReferrals(request, reply) {
    const caller = await requireAction(db, request, 'viewReferrals');
    const { year } = request.query as { year?: string };
    if (year !== undefined && !/^\d{4}$/.test(year))
      throw new Refused('seasons.invalidYear', 'input');
    const agencyId = caller.role === 'agency' ? await agencyOfCaller(db, caller) : null;
    if (caller.role === 'agency' && agencyId === null) return sendOk(reply, null, []);
    const found = await listReferrals(db, {
      agencyId,
      year: year === undefined ? null : Number(year),
    });
    const apps = new Map<number, Application>();
    for (const id of new Set(found.map((referral) => referral.application_id))) {
      const application = await findApplication(db, id);
      if (application) apps.set(id, application);
    }
    const appeals = await appealsOf(db, [...apps.keys()]);
    return sendOk(
      reply,
      null,
      found.map((referral) =>
        detailOnWire(
          referral,
          apps.get(referral.application_id),
          appeals.get(referral.application_id) ?? [],
        ),
      ),
    );
  });
}

/** Runs one referral change in its own transaction, at the server's time. */
function changeOne(
  ctx: AppContext,
  actor: Caller,
  id: number,
  rule: Parameters<typeof changeReferral>[5],
  options: Parameters<typeof changeReferral>[6] = {},
) {
  return ctx.db.transaction((tx) =>
    changeReferral(tx, actor, ctx.config, id, ctx.now(), rule, options),
  );
}

/** A file stored for a referral change, removed again when the change is refused. */
async function withFile<T>(
  ctx: AppContext,
  caller: Caller,
  file: UploadedFile | undefined,
  work: (name: string | null) => Promise<T>,
): Promise<T> {
  if (!file) return work(null);
  const problem = validateUploadFile(file);
  if (problem) throw validationError(problem);
  return storeUploads(ctx, caller.userId, [file], ([name]) => work(name ?? null));
}

/** An agency's answer: an online officer's decision, or an offline agency's letter recorded. */
function registerReferralDecisionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const change = changeOne.bind(null, ctx);

  /**
   * POST /decide-referral.php {id, decision: approve|conditions|object|reject, conditions?,
   * reason?, reference_no?}: an officer of the referral's agency, an online one only (403
   * otherwise); 422 for missing conditions or reason; 409 when no longer pending.
   */
  app.post('/decide-referral.php', async function decideOneReferral(request, reply) {
    const caller = await requireAction(db, request, 'decideReferral');
    const { fields } = await readInput(request);
    const id = requireId(fields.id, 'referrals.notFound');
    const officerOf = await agencyOfCaller(db, caller);
    const { referral, event } = await change(
      caller,
      id,
      // Checked after the guard: who may decide is answered before what was sent.
      ({ referral: current, today }) =>
        decideReferral(current, valueOf(validateReferralDecision(fields)), today),
      {
        guard: ({ agency }) => {
          const blocker = referralDecisionBlocker(
            { role: caller.role, agency_id: officerOf },
            agency,
          );
          if (blocker) throw new Refused(blocker, 'forbidden');
        },
        extra: { decidedBy: caller.userId },
      },
    );
    return sendOk(reply, successKeyOf(event), referral);
  });

  /**
   * POST /record-referral-reply.php (multipart) {id, decision, conditions?, reason?,
   * reference_no, letter_date, letter}: admin and store record an offline agency's letter (the
   * scan checked like every document).
   */
  app.post(
    '/record-referral-reply.php',
    ONE_FILE,
    async function recordReferralReply(request, reply) {
      const caller = await requireAction(db, request, 'recordReferralReply');
      const { fields, files } = await readInput(request);
      const id = requireId(fields.id, 'referrals.notFound');
      const letter = valueOf(validateReferralLetter(fields, municipalDay(ctx.now())));
      const file = files.get('letter');
      if (!file) throw new Refused('referrals.letterRequired', 'rule');
      const { referral, event } = await withFile(ctx, caller, file, (name) =>
        change(
          caller,
          id,
          ({ referral: current, today }) => decideReferral(current, letter, today),
          {
            guard: ({ agency }) => {
              if (agency.mode !== 'offline') throw new Refused('referrals.onlineAgency', 'rule');
            },
            extra: { letterPath: name, letterDate: letter.letter_date, decidedBy: caller.userId },
          },
        ),
      );
      return sendOk(reply, successKeyOf(event), referral);
    },
  );
}

/** The club's answer to an objection, and admin's withdrawal. */
function registerReferralAnswerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const change = changeOne.bind(null, ctx);

  /**
   * POST /respond-referral.php (multipart) {id, response, document?}: the owning club answers
   * an objection (only while objected): pending again, round + 1, a new due date.
   */
  app.post('/respond-referral.php', ONE_FILE, async function respondToReferral(request, reply) {
    const caller = await requireAction(db, request, 'useClubArea');
    const { fields, files } = await readInput(request);
    const id = requireId(fields.id, 'referrals.notFound');
    const unexpected = [...files.keys()].some((key) => key !== 'document');
    if (unexpected) throw new Refused('validation.invalidRequest', 'input');
    const guard = ({ application }: ReferralContext) => requireOwnClub(caller, application.clubId);
    // Ownership and state are checked before a file is stored, and again under the lock.
    const before = await findReferralOwner(db, id);
    if (!before) throw new Refused('referrals.notFound', 'notFound');
    requireOwnClub(caller, before.clubId);
    if (before.status !== 'objected') throw new Refused('referrals.notObjected', 'conflict');
    const response = valueOf(validateReferralResponse(fields));
    const { referral, event } = await withFile(ctx, caller, files.get('document'), (name) =>
      change(
        caller,
        id,
        ({ referral: current, agency, today, calendar }) =>
          respondToObjection(current, response, today, agency.days, calendar),
        { guard, extra: name ? { responseDocument: name } : {} },
      ),
    );
    return sendOk(reply, successKeyOf(event), referral);
  });

  /** POST /withdraw-referral.php {id, reason} (admin). */
  app.post('/withdraw-referral.php', async function withdrawOneReferral(request, reply) {
    const caller = await requireAction(db, request, 'withdrawReferral');
    const { fields } = await readInput(request);
    const id = requireId(fields.id, 'referrals.notFound');
    const reason = valueOf(validateWithdrawalReason(fields));
    const { referral, event } = await change(caller, id, ({ referral: current, today }) =>
      withdrawReferral(current, reason, today),
    );
    return sendOk(reply, successKeyOf(event), referral);
  });
}
