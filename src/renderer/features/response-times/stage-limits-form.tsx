import { useState, type FormEvent } from 'react';
import { Button, Field, Input } from '@fluentui/react-components';
import { stageLabels } from '../../../shared/applications/stage-contract';
import {
  limitedStages,
  stageLimitsSchema,
  type LimitedStage,
  type StageLimits,
} from '../../../shared/response-times/response-times-contract';
import { errorMessage } from '../../store/api-error';
import { useToast } from '../../feedback/use-toast';
import { useAdminStyles } from '../../layout/admin-page';
import { useSetStageLimitsMutation } from './response-times-api';

type Draft = Record<LimitedStage, string>;

/** Each stage's time limit in working days, checked by the shared rule before it is sent. */
export function StageLimitsForm({ limits }: { limits: StageLimits }) {
  const admin = useAdminStyles();
  const toast = useToast();
  const [save, { isLoading }] = useSetStageLimitsMutation();
  const [draft, setDraft] = useState<Draft>(
    () => Object.fromEntries(limitedStages.map((stage) => [stage, String(limits[stage])])) as Draft,
  );
  const [errors, setErrors] = useState<Partial<Record<LimitedStage, string>>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = stageLimitsSchema.safeParse(
      Object.fromEntries(
        limitedStages.map((stage) => [stage, draft[stage].trim() === '' ? NaN : Number(draft[stage])]),
      ),
    );
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])) as Partial<
          Record<LimitedStage, string>
        >,
      );
      return;
    }
    setErrors({});
    try {
      await save(parsed.data).unwrap();
      toast.success('Time limits saved.');
    } catch (failure) {
      toast.error(errorMessage(failure, 'The time limits could not be saved. Please try again.'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={admin.page}>
      {limitedStages.map((stage) => (
        <Field
          key={stage}
          label={`${stageLabels[stage]}: working days`}
          hint="Monday to Friday, bank holidays in England and Wales not counted."
          validationMessage={errors[stage]}
          validationState={errors[stage] ? 'error' : 'none'}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            value={draft[stage]}
            onChange={(_event, data) => setDraft((current) => ({ ...current, [stage]: data.value }))}
          />
        </Field>
      ))}
      <div>
        <Button type="submit" appearance="primary" disabledFocusable={isLoading}>
          Save time limits
        </Button>
      </div>
    </form>
  );
}
