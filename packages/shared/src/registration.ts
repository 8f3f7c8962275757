import { z } from 'zod';
import { IdSchema, IdsSchema, PageQuerySchema } from './api.js';
import { defineLifecycle } from './lifecycle.js';
import { CaptchaAnswerSchema } from './auth.js';

export const REGISTRATION_STATUSES = ['pending', 'approved', 'refused'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
/** Refused by a reviewer, with the reason the applicant is told. */
export const registrationRefused = (r: { status: RegistrationStatus }) => r.status === 'refused';
/** A registration is decided once: pending → approved (an account is created) or refused. */
export const REGISTRATION_LIFECYCLE = defineLifecycle({
  name: 'registrations',
  states: REGISTRATION_STATUSES,
  initial: 'pending',
  transitions: { approve: { from: ['pending'], to: 'approved' }, refuse: { from: ['pending'], to: 'refused' } },
  editable: [],
  deletable: [],
  colors: { pending: 'orange', approved: 'green', refused: 'red' },
  labels: {
    states: { pending: 'registration.status_pending', approved: 'registration.status_approved', refused: 'registration.status_refused' },
    commands: { approve: 'registration.approve', refuse: 'registration.refuse' },
  },
});
/** What the caller may do to a listed registration, decided by the server. */
export const RegistrationAbilitiesSchema = REGISTRATION_LIFECYCLE.commandsSchema;
export type RegistrationAbilities = z.infer<typeof RegistrationAbilitiesSchema>;
export const REGISTRATION_KINDS = ['employee', 'student'] as const;
export const REGISTRATION_SORT_KEYS = ['id', 'createdAt', 'username'] as const;

/** The fields of the public self-registration (forms pick from these; the submit adds the cross-field rules). */
export const RegistrationFieldsSchema = z.object({
  username: z.string().trim().min(2).max(200),
  realname: z.string().trim().min(1).max(200),
  email: z.email().max(200),
  phone: z
    .string()
    .trim()
    .regex(/^\d{0,11}$/)
    .optional()
    .transform((v) => (v ? v : undefined)),
  password: z.string().min(1).max(2048),
  /** A second-level department (see GET /api/auth/departments). */
  orgId: IdSchema.optional(),
  kind: z.enum(REGISTRATION_KINDS).default('student'),
  /** Employee number (3–200), required of employees; a student may give a student number (5–200). */
  cardNumber: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** The code texted to `phone` (POST /api/auth/phone-code, purpose `register`); required when SMS is configured. */
  phoneCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .optional(),
  captcha: CaptchaAnswerSchema,
  captchaKey: z.string().min(1).max(100),
});
/** Public self-registration (page `/registered`); the password is RSA-encrypted like the login one. */
export const RegistrationSubmitSchema = RegistrationFieldsSchema.superRefine((v, ctx) => registrationCardRule(v, ctx));
/** The card number's rule over the kind (the web's form shares it; messages are its texts). */
export function registrationCardRule(v: { kind: (typeof REGISTRATION_KINDS)[number]; cardNumber?: string }, ctx: z.RefinementCtx) {
  const min = v.kind === 'employee' ? 3 : 5;
  if (v.kind === 'employee' && !v.cardNumber) ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: 'validation.required' });
  else if (v.cardNumber && v.cardNumber.length < min)
    ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: v.kind === 'employee' ? 'register.employeeNumberLength' : `at least ${min}` });
}
export type RegistrationSubmit = z.infer<typeof RegistrationSubmitSchema>;

export const DepartmentOptionSchema = z.object({ id: z.number(), name: z.string() });
export type DepartmentOption = z.infer<typeof DepartmentOptionSchema>;

export const RegistrationListQuerySchema = PageQuerySchema.extend({
  status: z.enum(REGISTRATION_STATUSES).optional(),
  keyword: z.string().trim().max(200).optional(),
  kind: z.enum(REGISTRATION_KINDS).optional(),
});
export type RegistrationListQuery = z.infer<typeof RegistrationListQuerySchema>;

export const RegistrationRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  realname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  kind: z.enum(REGISTRATION_KINDS),
  cardNumber: z.string().nullable(),
  status: z.enum(REGISTRATION_STATUSES),
  reason: z.string().nullable(),
  reviewedBy: z.number().nullable(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  userId: z.number().nullable(),
  createdAt: z.string(),
  abilities: RegistrationAbilitiesSchema,
});
export type RegistrationRow = z.infer<typeof RegistrationRowSchema>;

export const RegistrationApproveSchema = IdsSchema;
export const RegistrationRefuseSchema = IdsSchema.extend({ reason: z.string().trim().min(1).max(200) });
export type RegistrationRefuse = z.infer<typeof RegistrationRefuseSchema>;
