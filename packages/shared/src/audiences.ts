import { z } from 'zod';

/**
 * An open audience ("open crowd condition"): who may see a course, an assignment, a notice or an
 * exam. A person belongs when they are named, when their organization lies in a named
 * organization's subtree, when they hold a named position or are in a named learning group.
 */
export const AUDIENCE_TARGET_TYPES = ['user', 'org', 'position', 'group'] as const;
export const AudienceTargetTypeSchema = z.enum(AUDIENCE_TARGET_TYPES);
export type AudienceTargetType = z.infer<typeof AudienceTargetTypeSchema>;

/** At most this many targets per audience (an audience of a whole company is its root organization). */
export const AUDIENCE_MAX_TARGETS = 2000;

export const AudienceTargetSchema = z.object({ type: AudienceTargetTypeSchema, id: z.number().int().positive() });
export type AudienceTarget = z.infer<typeof AudienceTargetSchema>;

export const AudienceSchema = z.array(AudienceTargetSchema).max(AUDIENCE_MAX_TARGETS);

/** A target as shown back: with its display name (null when the target no longer exists). */
export const AudienceTargetRowSchema = AudienceTargetSchema.extend({ name: z.string().nullable() });
export type AudienceTargetRow = z.infer<typeof AudienceTargetRowSchema>;

/** Candidates for the audience picker: search by name within the caller's data scope. */
export const AudienceSearchSchema = z.object({
  type: AudienceTargetTypeSchema,
  keyword: z.string().trim().max(50).optional(),
  limit: z.number().int().min(1).max(50).default(20),
});
export type AudienceSearch = z.input<typeof AudienceSearchSchema>;
export const AudienceCandidateSchema = z.object({ type: AudienceTargetTypeSchema, id: z.number(), name: z.string(), detail: z.string().nullable() });
export type AudienceCandidate = z.infer<typeof AudienceCandidateSchema>;
