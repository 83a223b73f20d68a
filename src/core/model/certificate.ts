import { z } from "zod";
import {
  countrySchema,
  isoDateSchema,
  isoDateTimeSchema,
  noControlCharacters,
  uuidSchema,
} from "./common.js";
import {
  answerDateSchema,
  answerDateTimeSchema,
  answerIdSchema,
  answerNumberSchema,
} from "./wire.js";

/**
 * Energy attribute certificates (docs/certificates.md): guarantees of origin, REGOs and the like,
 * cancelled for a building or one of its supply points (CUPS) over a period.
 */
export const certificateTechnologies = [
  "solar",
  "wind",
  "hydro",
  "marine",
  "geothermal",
  "biomass",
  "biogas",
  "nuclear",
  "other",
] as const;
export type CertificateTechnology = (typeof certificateTechnologies)[number];

const TECHNOLOGY_MESSAGE = `expected one of ${certificateTechnologies.join(", ")}`;

function isTechnology(value: string): value is CertificateTechnology {
  return certificateTechnologies.some((technology) => technology === value);
}

/** One technology, case ignored. */
export const technologySchema = z
  .string({ error: TECHNOLOGY_MESSAGE })
  .transform((value, ctx): CertificateTechnology => {
    const technology = value.trim().toLowerCase();
    if (isTechnology(technology)) return technology;
    ctx.addIssue({ code: "custom", message: `${TECHNOLOGY_MESSAGE}, got "${value}"` });
    return z.NEVER;
  });

/** The most a certificate may hold: far above any site's yearly consumption (10 TWh). */
export const MAX_CERTIFICATE_MWH = 10_000_000;

/** A supply point code: spaces dropped, upper-cased; two letters then 16 to 20 letters or digits. */
export const cupSchema = z
  .string({ error: "expected a supply point code (CUPS)" })
  .transform((value) => value.replace(/\s+/g, "").toUpperCase())
  .pipe(
    z
      .string()
      .regex(
        /^[A-Z]{2}[0-9A-Z]{16,20}$/,
        "expected a supply point code (CUPS): two letters then 16 to 20 letters or digits, e.g. ES0021000000000001AB",
      ),
  );

const textSchema = (what: string) =>
  z
    .string({ error: `expected ${what}` })
    .trim()
    .check(noControlCharacters)
    .min(1, `expected ${what}`)
    .max(200, `expected ${what} of at most 200 characters`);

export const certificateInputSchema = z
  .strictObject({
    id: uuidSchema,
    companyId: uuidSchema,
    buildingId: uuidSchema,
    /** The supply point the certificate was cancelled for; absent: any of the building's. */
    cup: cupSchema.nullish().transform((value) => value ?? null),
    volumeMwh: z
      .number({ error: "expected a number of MWh" })
      .positive("expected a volume above 0 MWh")
      .max(MAX_CERTIFICATE_MWH, `expected at most ${MAX_CERTIFICATE_MWH} MWh`),
    periodFrom: isoDateSchema,
    periodTo: isoDateSchema,
    technology: technologySchema,
    issuingBody: textSchema("the issuing body"),
    cancellationId: textSchema("the cancellation id"),
    /** The market the certificate was issued and cancelled in (ISO 3166-1 alpha-2). */
    countryCode: countrySchema,
  })
  .superRefine((value, ctx) => {
    if (value.periodTo < value.periodFrom) {
      ctx.addIssue({
        code: "custom",
        path: ["periodTo"],
        message: `expected periodTo on or after periodFrom ${value.periodFrom}, got ${value.periodTo}`,
      });
    }
  });
export type CertificateInput = z.input<typeof certificateInputSchema>;
export type ParsedCertificateInput = z.output<typeof certificateInputSchema>;

/** A certificate as carbon serve answers it (and documents it). */
export const certificateSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  buildingId: uuidSchema,
  cup: z.string().nullable(),
  volumeMwh: z.number(),
  periodFrom: z.string(),
  periodTo: z.string(),
  technology: z.enum(certificateTechnologies),
  issuingBody: z.string(),
  cancellationId: z.string(),
  countryCode: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

/** A certificate as any server answers it: what the dashboard needs, the rest tolerated. */
const certificateAnswerFields = z.object({
  id: answerIdSchema,
  companyId: answerIdSchema,
  buildingId: answerIdSchema,
  cup: z.string().nullable().default(null),
  volumeMwh: answerNumberSchema,
  periodFrom: answerDateSchema,
  periodTo: answerDateSchema,
  technology: z.string(),
  issuingBody: z.string().default(""),
  cancellationId: z.string(),
  countryCode: z.string(),
  createdAt: answerDateTimeSchema.optional(),
  updatedAt: answerDateTimeSchema.optional(),
});
/** Unknown fields are kept, so `--json` prints what the server said. */
export const certificateAnswerSchema = certificateAnswerFields.loose();
export type Certificate = z.output<typeof certificateAnswerFields>;
