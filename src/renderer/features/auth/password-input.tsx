import type { Ref } from 'react';
import { Button, Input, type InputProps } from '@fluentui/react-components';
import { EyeRegular } from '@fluentui/react-icons/headless/svg/eye';
import { EyeOffRegular } from '@fluentui/react-icons/headless/svg/eye-off';

export interface PasswordInputProps extends Omit<InputProps, 'type' | 'contentAfter'> {
  visible: boolean;
  onToggleVisible: () => void;
  /** The <input> itself. */
  ref?: Ref<HTMLInputElement>;
}

/** A password input with a show/hide toggle that says what it will do. */
export function PasswordInput({ visible, onToggleVisible, ...props }: PasswordInputProps) {
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      contentAfter={
        <Button
          appearance="transparent"
          size="small"
          icon={visible ? <EyeOffRegular /> : <EyeRegular />}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={onToggleVisible}
        />
      }
    />
  );
}
