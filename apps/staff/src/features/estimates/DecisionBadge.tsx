import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LineDecisionState } from '@servicebay/domain';

const DECISION_COLOR: Record<LineDecisionState, string> = {
  approved: 'teal.9',
  declined: 'red.9',
  undecided: 'gray.7',
  information: 'blue.9',
};

/** A line's standing with the customer, in words (lineDecisionStates: priced at zero is information). */
export function DecisionBadge({ state, testId, size }: { state: LineDecisionState; testId?: string; size?: 'sm' }) {
  const { t } = useTranslation('estimates');
  return (
    <Badge variant="outline" size={size} color={DECISION_COLOR[state]} data-testid={testId} data-state={state}>
      {t(`decision.${state}`)}
    </Badge>
  );
}
