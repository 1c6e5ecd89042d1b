import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon } from './icons.js';

export interface BackButtonProps extends Omit<ButtonProps, 'children' | 'leftSection'> {
  /** Defaults to the browser's history; the apps pass their router's navigate(-1) or a fixed route. */
  onBack?: () => void;
  /** Already translated; defaults to "Back". */
  label?: string;
}

export function BackButton({ onBack, label, ...props }: BackButtonProps) {
  const { t } = useTranslation('ui');
  return (
    <Button
      variant="subtle"
      leftSection={<ArrowLeftIcon size={18} />}
      onClick={onBack ?? (() => window.history.back())}
      {...props}
    >
      {label ?? t('back')}
    </Button>
  );
}
