/**
 * The apps' runtime configuration: a `config.json` served next to `index.html`, read once at
 * start, checked, and applied to the client, so one build serves any municipality and any API
 * host. A missing or broken file is a RuntimeConfigError the app shows as a clear message.
 */
import { parsePujaStartDate, type MunicipalityContact } from '@puja/domain';
import { z } from 'zod';
import { configureApi } from './config';

/** What `config.json` holds. */
export interface RuntimeConfig {
  /** The API host every call goes to, e.g. `https://noc.example.gov.in/api/`. */
  apiBaseUrl: string;
  /** Where documents open from; defaults to apiBaseUrl. */
  filesBaseUrl: string;
  /** The municipality's name, printed on the acknowledgement and the certificate. */
  municipality: string;
  /**
   * The municipality's name and how clubs reach it (issue 27: `contact` in config.json, each of
   * office, phone, email, hours optional): the club portal's footer and its "contact the
   * municipality" links.
   */
  contact: MunicipalityContact;
  /** How bodies without files are sent: our server reads both, a PHP host may want 'form'. */
  bodyEncoding: 'json' | 'form';
  /** The tutorial video the club registration links to; undefined: the app's default. */
  tutorialVideoUrl: string | undefined;
  /**
   * The club portal's public address, where a certificate's QR code leads (`/verify/<code>`):
   * needed by the staff console; the club portal defaults to its own address.
   */
  clubPortalUrl: string | undefined;
  /** The puja's first day (YYYY-MM-DD) for the club dashboard's clock; undefined: no clock. */
  pujaStartDate: string | undefined;
  /**
   * Resumable uploads: true or false overrides the one-time question to the host
   * (`OPTIONS /uploads/`); undefined asks.
   */
  resumableUploads?: boolean | undefined;
}

/** The API address of a fresh checkout (the api-server's default port). */
export const DEFAULT_API_BASE_URL = 'http://localhost:8080';

/** Why the configuration could not be used: missing (no answer) or invalid (unusable content). */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
  constructor(
    readonly reason: 'missing' | 'invalid',
    /** For 'invalid': what is wrong, in plain words (shown to the user). */
    readonly problem: string,
    options: { cause?: unknown } = {},
  ) {
    super(problem, options);
  }
}

const httpUrl = z
  .string()
  .trim()
  .refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), {
    message: 'must be an http(s) address',
  });

const contactText = z.string().trim().max(200).optional();

const runtimeConfigSchema = z.object({
  apiBaseUrl: httpUrl,
  filesBaseUrl: httpUrl.optional(),
  municipality: z.string().trim().min(1, { message: 'must not be empty' }).max(200),
  bodyEncoding: z.enum(['json', 'form']).optional(),
  tutorialVideoUrl: httpUrl.optional(),
  clubPortalUrl: httpUrl.optional(),
  pujaStartDate: z
    .string()
    .refine((value) => parsePujaStartDate(value) !== null, {
      message: 'must be a date written YYYY-MM-DD',
    })
    .optional(),
  resumableUploads: z.boolean().optional(),
  contact: z
    .object({
      office: contactText,
      phone: contactText,
      // One @ between non-blank parts: what a mailto: link needs (zod's e-mail rule would cost
      // /login's first load, which carries this file, the bytes of its pattern).
      email: z
        .string()
        .trim()
        .max(200)
        .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'must be an e-mail address' })
        .optional(),
      hours: contactText,
    })
    .optional(),
});

/**
 * Checks a parsed `config.json`; throws a RuntimeConfigError naming the first problem.
 * @example parseRuntimeConfig({ apiBaseUrl: 'http://localhost:8080', municipality: 'Bally' })
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'the file';
    const what =
      issue?.code === 'invalid_type' ? 'is missing or of the wrong type' : issue?.message;
    throw new RuntimeConfigError('invalid', `${field} ${what ?? 'is not valid'}`, {
      cause: parsed.error,
    });
  }
  const {
    apiBaseUrl,
    filesBaseUrl,
    municipality,
    bodyEncoding,
    tutorialVideoUrl,
    clubPortalUrl,
    pujaStartDate,
    resumableUploads,
    contact,
  } = parsed.data;
  return {
    apiBaseUrl,
    filesBaseUrl: filesBaseUrl ?? apiBaseUrl,
    municipality,
    contact: { name: municipality, ...contact },
    bodyEncoding: bodyEncoding ?? 'json',
    tutorialVideoUrl,
    clubPortalUrl,
    pujaStartDate,
    resumableUploads,
  };
}

/**
 * Fetches `config.json` (relative to the page), checks it and configures the client with it.
 * @example const config = await loadRuntimeConfig(); // then render the app
 */
export async function loadRuntimeConfig(
  url: string = 'config.json',
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<RuntimeConfig> {
  let text: string;
  try {
    const response = await fetchImpl(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    text = await response.text();
  } catch (error) {
    throw new RuntimeConfigError('missing', 'config.json could not be loaded', { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new RuntimeConfigError('invalid', 'it is not JSON', { cause: error });
  }
  const config = parseRuntimeConfig(value);
  configureApi({
    baseUrl: config.apiBaseUrl,
    filesBaseUrl: config.filesBaseUrl,
    bodyEncoding: config.bodyEncoding,
    resumableUploads:
      config.resumableUploads === undefined ? 'auto' : config.resumableUploads ? 'on' : 'off',
  });
  return config;
}
