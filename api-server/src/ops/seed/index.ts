import {
  FIRST_SEASON_YEAR,
  codeFromStatus,
  deptmentOf,
  REVIEW_DOCUMENTS,
  type ReviewItem,
  type ReviewStatus,
} from '@puja/domain';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../accounts/auth';
import { recordAudit } from '../../applications/audit';
import { bumpDataVersion, type Db, type Tx } from '../../db/client';
import { applications, clubs, holidays, regCounters, users } from '../../db/schema';
import { seedDemoDepartments } from '../../departments/demo';
import type { FileStorage } from '../../uploads/storage';
import { DEMO_PDF, DEMO_PNG } from './demo-files';

/** SPEC/issue: the demo password of every demo account. Demo only: change it or drop the data. */
export const DEMO_PASSWORD = 'Puja@2025';

/** Realistic club names of a Bengal town, in Latin script: 30 active, 3 inactive. */
const ACTIVE_CLUBS = [
  'Sree Sangha',
  'Naba Kallol Sangha',
  'Bandhu Mahal Club',
  'Ekata Sangha',
  'Agradoot Club',
  'Tarun Sangha',
  'Milan Chakra',
  'Sabuj Sangha',
  'Netaji Sangha',
  'Pallimangal Samiti',
  'Jagriti Sangha',
  'Udayan Sangha',
  'Kishore Sangha',
  'Bharat Sevashram Club',
  'Arunoday Club',
  'Nabin Sangha',
  'Yuba Sangha',
  'Baghajatin Sarbojanin',
  'Deshbandhu Club',
  'Ananda Mela Sangha',
  'Sonar Bangla Club',
  'Shakti Sangha',
  'Prantik Sangha',
  'Mitali Sangha',
  'Rabindra Smriti Sangha',
  'Bidhan Palli Sarbojanin',
  'Kalyan Samiti',
  'Sarada Palli Club',
  'Subhas Palli Sangha',
  'Nataraj Club',
];
const INACTIVE_CLUBS = ['Purbasha Sangha', 'Dakshini Club', 'Alokananda Sangha'];

export const DEMO_STAFF = [
  { email: 'admin@example.org', name: 'Demo Admin', role: 'admin', phone: '9830000001' },
  { email: 'store@example.org', name: 'Demo Store', role: 'store', phone: '9830000002' },
  { email: 'chairman@example.org', name: 'Demo Chairman', role: 'chairman', phone: '9830000003' },
] as const;

type Stage = {
  ack: boolean;
  statuses: [ReviewStatus, ReviewStatus, ReviewStatus, ReviewStatus, ReviewStatus];
};

const P: ReviewStatus = 'Pending';
const A: ReviewStatus = 'Approved';
const R: ReviewStatus = 'Rejected';

/** A dozen applications across every review state (acknowledgement … chairman). */
const STAGES: Stage[] = [
  { ack: false, statuses: [P, P, P, P, P] },
  { ack: true, statuses: [P, P, P, P, P] },
  { ack: true, statuses: [R, P, P, P, P] },
  { ack: true, statuses: [A, P, P, P, P] },
  { ack: true, statuses: [A, R, P, P, P] },
  { ack: true, statuses: [A, A, P, P, P] },
  { ack: true, statuses: [A, A, R, P, P] },
  { ack: true, statuses: [A, A, A, P, P] },
  { ack: true, statuses: [A, A, A, R, P] },
  { ack: true, statuses: [A, A, A, A, P] },
  { ack: true, statuses: [A, A, A, A, A] },
  { ack: true, statuses: [A, A, A, A, R] },
];

/**
 * The trail each demo application would have left had it gone through the calls: applied and
 * acknowledged by its club, each decided document by the store user, the final decision by the
 * chairman; so the history view has something to show from the first start.
 */
async function recordDemoHistory(
  tx: Tx,
  stages: readonly Stage[],
  applicationRows: readonly { id: number; clubId: number; regNo: number }[],
  accountRows: readonly { userId: number; clubId: number | null }[],
  staffRows: readonly { userId: number; role: string }[],
): Promise<void> {
  const staff = (role: 'store' | 'chairman') => {
    const row = staffRows.find((r) => r.role === role);
    if (!row) throw new Error(`no demo ${role}`);
    return { userId: row.userId, role };
  };
  const items: readonly ReviewItem[] = [...REVIEW_DOCUMENTS, 'chairman'];
  for (const [i, row] of applicationRows.entries()) {
    const stage = stages[i];
    const account = accountRows.find((a) => a.clubId === row.clubId);
    if (!stage || !account) throw new Error('seed tables out of step');
    const club = { userId: account.userId, role: 'club' as const };
    const entity = { entity: 'application' as const, entityId: row.id };
    await recordAudit(tx, club, {
      ...entity,
      action: 'apply',
      item: 'application',
      to: `reg_no ${row.regNo}`,
    });
    if (stage.ack) {
      await recordAudit(tx, club, {
        ...entity,
        action: 'upload',
        item: 'acknowledgement',
        from: null,
      });
    }
    for (const [step, item] of items.entries()) {
      const status = stage.statuses[step] ?? 'Pending';
      if (status === 'Pending') continue;
      await recordAudit(tx, staff(item === 'chairman' ? 'chairman' : 'store'), {
        ...entity,
        action: status === 'Approved' ? 'approve' : 'reject',
        item,
        from: 'Pending',
        to: status,
        reason: demoReason(item, status),
      });
    }
  }
}

/** Club accounts: one per seeded application plus two that have not applied yet. */
const CLUB_ACCOUNTS = STAGES.length + 2;

const CODE = (status: ReviewStatus) => codeFromStatus(status);
/** The rejection reason a demo application carries for a rejected item ('' otherwise). */
function demoReason(item: ReviewItem, status: ReviewStatus): string {
  if (status !== 'Rejected') return '';
  if (item === 'chairman') return 'The pandal blocks the main road.';
  const what: Record<Exclude<ReviewItem, 'chairman'>, string> = {
    acknowledgement: 'signed acknowledgement',
    chairman_application_certificate: 'chairman application',
    certificate: 'previous year S.D.O. permission',
    agreement: 'land agreement',
  };
  return `The ${what[item]} is not legible; please upload a clearer copy.`;
}

export interface SeedReport {
  staff: string[];
  clubAccounts: string[];
  password: string;
  applications: number;
}

/** Fixed-date public holidays of West Bengal, as examples: the state's list changes yearly. */
const EXAMPLE_HOLIDAYS: readonly [monthDay: string, name: string, nameBn: string][] = [
  ['01-23', 'Netaji Jayanti', 'নেতাজি জয়ন্তী'],
  ['01-26', 'Republic Day', 'প্রজাতন্ত্র দিবস'],
  ['05-01', 'May Day', 'মে দিবস'],
  ['08-15', 'Independence Day', 'স্বাধীনতা দিবস'],
  ['10-02', 'Gandhi Jayanti', 'গান্ধী জয়ন্তী'],
  ['12-25', 'Christmas Day', 'বড়দিন'],
];

/**
 * The demo's holidays (issue 30): the examples above in the demo's first season's year through
 * next year, each named as an example so nobody takes them for the municipality's list.
 */
function demoHolidays(thisYear: number) {
  const years: number[] = [];
  for (let year = FIRST_SEASON_YEAR; year <= Math.max(thisYear, FIRST_SEASON_YEAR) + 1; year++) {
    years.push(year);
  }
  return years.flatMap((year) =>
    EXAMPLE_HOLIDAYS.map(([monthDay, name, nameBn]) => ({
      date: `${year}-${monthDay}`,
      name: `${name} (example)`,
      nameBn: `${nameBn} (উদাহরণ)`,
    })),
  );
}

/**
 * Demo data on the first start of the embedded database only (no account exists yet). Every
 * demo account has the password DEMO_PASSWORD; the start log says so loudly.
 */
export async function seedDemoData(db: Db, storage: FileStorage): Promise<SeedReport | null> {
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((existing[0]?.n ?? 0) > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const files: string[] = [];
  const put = async (kind: 'pdf' | 'png') => {
    const name = await storage.put(kind === 'pdf' ? DEMO_PDF : DEMO_PNG, kind);
    files.push(name);
    return name;
  };
  const stageFiles: {
    chairmanApplicationCertificate: string;
    certificateImage: string;
    loadAgreementImage: string;
    pujaCommittee: string;
    pujaBudget: string;
    acknowledgement: string | null;
  }[] = [];
  for (const stage of STAGES) {
    stageFiles.push({
      chairmanApplicationCertificate: await put('pdf'),
      certificateImage: await put('png'),
      loadAgreementImage: await put('pdf'),
      pujaCommittee: await put('pdf'),
      pujaBudget: await put('png'),
      acknowledgement: stage.ack ? await put('pdf') : null,
    });
  }
  let officers: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const clubRows = await tx
        .insert(clubs)
        .values([
          ...ACTIVE_CLUBS.map((clubname) => ({ clubname, status: 'A' })),
          ...INACTIVE_CLUBS.map((clubname) => ({ clubname, status: 'I' })),
        ])
        .returning();
      const staffRows = await tx
        .insert(users)
        .values(DEMO_STAFF.map((s) => ({ ...s, deptment: deptmentOf(s.role), passwordHash })))
        .returning({ userId: users.id, role: users.role });
      const accounts = clubRows.slice(0, CLUB_ACCOUNTS).map((club, i) => ({
        name: club.clubname,
        email: `club${i + 1}@example.org`,
        phone: `98310${String(10000 + i)}`,
        role: 'club',
        deptment: deptmentOf('club'),
        passwordHash,
        clubId: club.id,
        govtRegisterNo: i % 3 === 0 ? '' : `WB/SOC/${2010 + i}/${1000 + i * 7}`,
        address: `${12 + i} ${['Rabindra Sarani', 'Netaji Road', 'Station Road', 'Kali Mandir Lane'][i % 4]}`,
        wardNo: (i % 25) + 1,
      }));
      const accountRows = await tx
        .insert(users)
        .values(accounts)
        .returning({ userId: users.id, clubId: users.clubId });
      const applicationRows = await tx
        .insert(applications)
        .values(
          STAGES.map((stage, i) => {
            const [ack, chairmanApp, certificate, agreement, chairman] = stage.statuses;
            const club = clubRows[i];
            const file = stageFiles[i];
            if (!club || !file) throw new Error('seed tables out of step');
            return {
              clubId: club.id,
              applyYear: FIRST_SEASON_YEAR,
              regNo: i + 1,
              createdAt: new Date(Date.UTC(FIRST_SEASON_YEAR, 7, 1 + i, 10)),
              pujaLocationAddress: `${club.clubname} Puja Pandal, ${['Rabindra Sarani', 'Netaji Road', 'Station Road', 'Kali Mandir Lane'][i % 4]}`,
              pujaLocationWardNo: ((i * 3) % 25) + 1,
              landType: i % 3 === 2 ? 'others' : 'own',
              clubPresidentName:
                ['Subrata Ghosh', 'Amit Banerjee', 'Tapas Mondal', 'Partha Das'][i % 4] ?? '',
              clubPresidentPhone: `98300${String(20000 + i)}`,
              clubSecretyName:
                ['Sanjib Roy', 'Debashis Pal', 'Goutam Saha', 'Prasenjit Dey'][i % 4] ?? '',
              clubSecretyPhone: `98300${String(30000 + i)}`,
              pujaPresientName:
                ['Ratna Sen', 'Mousumi Basu', 'Kakali Dutta', 'Sima Kar'][i % 4] ?? '',
              pujaPresientPhone: `98300${String(40000 + i)}`,
              pujaSecretaryName:
                ['Arup Chakraborty', 'Biswajit Nandi', 'Sourav Mitra', 'Rajib Sarkar'][i % 4] ?? '',
              pujaSecretaryPhone: `98300${String(50000 + i)}`,
              ...file,
              acknowledgementStatus: CODE(ack),
              acknowledgementReason: demoReason('acknowledgement', ack),
              chairmanApplicationCertificateStatus: CODE(chairmanApp),
              chairmanApplicationCertificateReason: demoReason(
                'chairman_application_certificate',
                chairmanApp,
              ),
              certificateStatus: CODE(certificate),
              certificateReason: demoReason('certificate', certificate),
              agreementStatus: CODE(agreement),
              agreementReason: demoReason('agreement', agreement),
              chairmanStatus: CODE(chairman),
              chairmanReason: demoReason('chairman', chairman),
              chairmanApprovedDate:
                chairman === 'Approved' ? new Date(Date.UTC(FIRST_SEASON_YEAR, 8, 1)) : null,
            };
          }),
        )
        .returning({ id: applications.id, clubId: applications.clubId, regNo: applications.regNo });
      await recordDemoHistory(tx, STAGES, applicationRows, accountRows, staffRows);
      await tx.insert(regCounters).values({ applyYear: FIRST_SEASON_YEAR, lastNo: STAGES.length });
      await tx.insert(holidays).values(demoHolidays(new Date().getUTCFullYear()));
      // Issue 29: the departments, inactive (the spec's flow until admin switches them on).
      officers = await seedDemoDepartments(tx, passwordHash);
      await bumpDataVersion(tx);
      return accounts;
    });
  } catch (error) {
    await Promise.all(files.map((name) => storage.remove(name)));
    throw error;
  }
  return {
    staff: [
      ...DEMO_STAFF.map((s) => `${s.email} (${s.role})`),
      ...officers.map((email) => `${email} (agency)`),
    ],
    clubAccounts: Array.from({ length: CLUB_ACCOUNTS }, (_, i) => `club${i + 1}@example.org`),
    password: DEMO_PASSWORD,
    applications: STAGES.length,
  };
}
