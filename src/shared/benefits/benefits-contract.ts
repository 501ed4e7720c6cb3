import { z } from 'zod';

/** A benefit of working here, as an administrator writes it. */
export const benefitInputSchema = z.object({
  title: z.string().trim().min(1, 'Please give the benefit a title.').max(80),
  detail: z.string().trim().max(400),
});
export const benefitSchema = benefitInputSchema.extend({ id: z.string() });
export const benefitListSchema = z.array(benefitSchema);
export type Benefit = z.infer<typeof benefitSchema>;
