/** The demo accounts the server seeds on a fresh embedded start (README "Demo accounts"). */
export const DEMO_PASSWORD = 'Puja@2025';

export const demo = {
  admin: { email: 'admin@example.org', password: DEMO_PASSWORD },
  store: { email: 'store@example.org', password: DEMO_PASSWORD },
  chairman: { email: 'chairman@example.org', password: DEMO_PASSWORD },
  /** club1 … club14@example.org; club1–club12 have applications. */
  club: (n: number) => ({ email: `club${n}@example.org`, password: DEMO_PASSWORD }),
} as const;

export type DemoStaffRole = 'admin' | 'store' | 'chairman';
