import { z } from 'zod';
import { notOneLineMessage, ONE_LINE } from '../contact-fields';
import { messages } from '../messages';
import { departmentSchema } from './job-facts';

export const departmentMessages = {
  nameTaken: 'Department name: a department of that name already exists.',
  inUse: (count: number) =>
    `This department still has ${count === 1 ? '1 job' : `${count} jobs`}: move ${count === 1 ? 'it' : 'them'} to another department first.`,
  notFound: 'Department not found.',
} as const;

/** POST /departments and PUT /departments/:id. */
export const departmentInputSchema = z.object({
  name: z
    .string({ error: messages.fieldRequired('Department name') })
    .trim()
    .min(1, messages.fieldRequired('Department name'))
    .max(80, 'Department name must be at most 80 characters.')
    .regex(ONE_LINE, notOneLineMessage('Department name')),
});
export type DepartmentInput = z.input<typeof departmentInputSchema>;

/** A department as administrators list it, with how many jobs name it (one in use cannot go). */
export const departmentListItemSchema = departmentSchema.extend({ jobCount: z.number().int() });
export const departmentListSchema = z.array(departmentListItemSchema);
export type DepartmentListItem = z.infer<typeof departmentListItemSchema>;

/** "Claims & Recoveries" → "claims-recoveries": the department's word in filter links. */
export const slugOf = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'department';
