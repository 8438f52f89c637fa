// What the signed-in user may do with remediation rules (permission resource `remediation_rules`): the pages hide what
// the user may not change. The server checks again.
import { useQuery } from '@tanstack/react-query';
import { can, type PermissionSubject } from '@bulwark/core';
import { sessionQuery } from '../../session/session.ts';

export interface RuleAccess {
  create: boolean;
  update: boolean;
  delete: boolean;
  /** Run now. */
  execute: boolean;
}

export function ruleAccess(user: PermissionSubject | null | undefined): RuleAccess {
  if (!user) return { create: false, update: false, delete: false, execute: false };
  return {
    create: can(user, 'remediation_rules', 'create'),
    update: can(user, 'remediation_rules', 'update'),
    delete: can(user, 'remediation_rules', 'delete'),
    execute: can(user, 'remediation_rules', 'execute'),
  };
}

/** The signed-in user's rule permissions (the cached start-up answer, never fetched here). */
export function useRuleAccess(): RuleAccess {
  const { data } = useQuery({ ...sessionQuery, enabled: false });
  return ruleAccess(data?.profile);
}
