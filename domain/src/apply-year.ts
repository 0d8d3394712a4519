/**
 * The puja year the application form is for. SPEC §9 offers two readings; we take the fixed one:
 * the dashboard button, form title and printed sheets all say 2025. Moving on is this one line.
 */
export const APPLY_YEAR = 2025;
