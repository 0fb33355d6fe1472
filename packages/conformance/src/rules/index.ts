import { authenticationRules } from './authentication.ts';
import { capabilityRules } from './capabilities.ts';
import { conversationRules } from './conversations.ts';
import { deleteRules } from './delete.ts';
import { erasureRules } from './erasure.ts';
import { errorRules } from './errors.ts';
import { feedbackRules } from './feedback.ts';
import { historyRules } from './history.ts';
import { limitRules } from './limits.ts';
import { messageRules } from './messages.ts';
import { renameRules } from './rename.ts';
import type { ConformanceRule } from './rule.ts';
import { tenancyRules } from './tenancy.ts';
import { tokenRules } from './tokens.ts';
import { turnRules } from './turns.ts';
import { websocketRules } from './websocket.ts';

/** Every rule, in the specification's order of groups. */
export const ALL_RULES: readonly ConformanceRule[] = [
  ...tokenRules,
  ...authenticationRules,
  ...tenancyRules,
  ...conversationRules,
  ...renameRules,
  ...deleteRules,
  ...messageRules,
  ...historyRules,
  ...turnRules,
  ...feedbackRules,
  ...erasureRules,
  ...capabilityRules,
  ...limitRules,
  ...errorRules,
  ...websocketRules,
];
