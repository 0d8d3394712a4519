/**
 * Renewal (issue 20): a club that applied in an earlier season starts its new application from
 * its latest one: puja location and ward, land type and the four authorities' names and phones,
 * every field still editable. Its land document may be carried over while the land type stays
 * the same; the other four documents are new each season.
 */
import type { Application, LandType } from './application';
import { seasonYearOf } from './season';
import type { ApplyNocFields } from './validation';

/** The text fields a renewal prefills: the apply form's own, the ward as the form holds it (text). */
export type RenewalFields = Omit<ApplyNocFields, 'ward_no'> & { ward_no: string };

/** What a new application starts from: the earlier one's details and its land document. */
export interface RenewalPrefill {
  /** The application the details come from (the apply call names it to carry the document). */
  fromApplicationId: number;
  /** Its season, for "filled in from your {year} application". */
  fromYear: number;
  fields: RenewalFields;
  /** Its land type: the land document carries over only while the form keeps this one. */
  landType: LandType;
  /** Whether it still has a land document to carry over (not removed under retention). */
  hasLandDocument: boolean;
}

/**
 * The application a renewal starts from: the club's latest of a season before `currentYear`,
 * or null when it never applied before.
 * @example renewalSource([app2025, app2026], 2027)?.apply_year // '2026'
 */
export function renewalSource(
  history: readonly Application[],
  currentYear: number,
): Application | null {
  let latest: Application | null = null;
  for (const app of history) {
    const year = seasonYearOf(app);
    if (year >= currentYear) continue;
    if (latest === null || year > seasonYearOf(latest)) latest = app;
  }
  return latest;
}

/** Whether an application's documents were removed under the retention policy. */
export function documentsRemoved(app: Pick<Application, 'documents_removed_at'>): boolean {
  return Boolean(app.documents_removed_at);
}

/**
 * The prefill of a new application from an earlier one (see renewalSource), or null without one.
 * @example renewalPrefill(app2026)?.fields.puja_location_address // '12 Rabindra Sarani'
 */
export function renewalPrefill(previous: Application | null): RenewalPrefill | null {
  if (previous === null) return null;
  return {
    fromApplicationId: previous.id,
    fromYear: seasonYearOf(previous),
    landType: previous.land_type,
    hasLandDocument: Boolean(previous.load_agreement_image) && !documentsRemoved(previous),
    fields: {
      ward_no:
        previous.puja_location_ward_no === null ? '' : String(previous.puja_location_ward_no),
      puja_location_address: previous.puja_location_address,
      land_type: previous.land_type,
      club_president_name: previous.club_president_name,
      club_president_phone: previous.club_president_phone,
      club_secrety_name: previous.club_secrety_name,
      club_secrety_phone: previous.club_secrety_phone,
      puja_presient_name: previous.puja_presient_name,
      puja_presient_phone: previous.puja_presient_phone,
      puja_secretary_name: previous.puja_secretary_name,
      puja_secretary_phone: previous.puja_secretary_phone,
    },
  };
}

/**
 * Whether an earlier application's land document may be carried over to a new one of the given
 * land type: same club, an earlier season, the same land type, and the document still kept.
 * @example canCarryOverLandDocument(app2026, { clubId: 4, landType: 'own', currentYear: 2027 }) // true when app2026 is club 4's, land 'own'
 */
export function canCarryOverLandDocument(
  previous: Pick<
    Application,
    'club_id' | 'apply_year' | 'land_type' | 'load_agreement_image' | 'documents_removed_at'
  >,
  next: { clubId: number; landType: LandType; currentYear: number },
): boolean {
  return (
    previous.club_id === next.clubId &&
    seasonYearOf(previous) < next.currentYear &&
    previous.land_type === next.landType &&
    Boolean(previous.load_agreement_image) &&
    !documentsRemoved(previous)
  );
}
