// GET /pincodes/{pin}: where a PIN is, whether we deliver there and with cash on delivery, and when
// a parcel ordered today would arrive.
import { INDIAN_STATES, LIMITS } from '@vanya/catalog';
import { z } from 'zod';

/** What the look-up answers, in the words the shop shows. */
export const PINCODE_MESSAGES = {
  malformed: `A PIN code has exactly ${LIMITS.pinCodeDigits} digits.`,
  unknown: 'No such PIN code.',
} as const;

/** The code of a well-formed PIN the directory does not hold (404). */
export const UNKNOWN_PIN = 'UNKNOWN_PIN';

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ description: "A calendar date, 'YYYY-MM-DD'", example: '2026-12-03' });

export const pincodeParamsSchema = z
  .object({
    pin: z
      .string()
      .regex(new RegExp(`^\\d{${LIMITS.pinCodeDigits}}$`), PINCODE_MESSAGES.malformed)
      .meta({ example: '413512' }),
  })
  .strict();

export const deliveryEstimateSchema = z.object({
  /** Transit days after dispatch, Sundays not counted. */
  minDays: z.number().int().positive(),
  maxDays: z.number().int().positive(),
  /** The earliest and the latest expected delivery dates, counted from today in India. */
  from: calendarDate,
  to: calendarDate,
});

export const pincodeAnswerSchema = z
  .object({
    pin: z.string(),
    state: z.enum(INDIAN_STATES),
    district: z.string(),
    /**
     * The town an address there names as its city: the city of a city district, else the town of
     * the PIN's head post office (or the one its mail is sorted at), else the district.
     */
    town: z.string(),
    serviceable: z.boolean(),
    cod: z.boolean(),
    /** The cash-on-delivery fee, in paise (a taxed line of the order). */
    codFee: z.number().int().nonnegative(),
    /** The largest goods total, in paise, cash on delivery takes. */
    codMaxGoods: z.number().int().positive(),
    estimate: deliveryEstimateSchema,
  })
  .meta({ id: 'PincodeAnswer' });

export type PincodeParams = z.infer<typeof pincodeParamsSchema>;
export type PincodeAnswer = z.infer<typeof pincodeAnswerSchema>;
