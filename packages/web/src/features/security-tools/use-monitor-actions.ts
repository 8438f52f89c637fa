// The actions on a monitor from its list row or its page, written once for websites and mail servers: check now (the
// run's outcome in a toast, then the list, page and log refreshed), on/off (PATCH of that field alone) and delete
// (§8-style toasts of core's crud messages). Rows whose action is under way are busy.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { crudMessages, type CrudEntity, type MonitorRunStatus } from '@bulwark/core';
import { toastFailure, toastInfo, toastSuccess } from '../../components/toasts.tsx';
import type { MonitorCalls } from './api.ts';
import { RUN_STATUS_LABELS } from './monitor-format.ts';

interface Monitor {
  id: number;
}
interface Log {
  status: MonitorRunStatus;
  failed?: number;
  newly_failing: string[];
}

export interface MonitorActions<M> {
  busy: ReadonlySet<number>;
  checkNow(monitor: M): Promise<void>;
  setActive(monitor: M, active: boolean): Promise<void>;
  /** Resolves true when deleted. */
  remove(monitor: M): Promise<boolean>;
}

/** 'shop.example.com checked: Failed.' */
export function checkedText(name: string, log: Log): string {
  const newly = log.newly_failing.length;
  const tail = newly > 0 ? ` ${newly} ${newly === 1 ? 'check' : 'checks'} started failing.` : '';
  return `${name} checked: ${RUN_STATUS_LABELS[log.status]}.${tail}`;
}

export function useMonitorActions<M extends Monitor, I, L extends Log>(
  calls: MonitorCalls<M, I, L>,
  entity: CrudEntity,
  nameOf: (monitor: M) => string,
): MonitorActions<M> {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const messages = crudMessages(entity);

  async function withBusy<T>(id: number, work: () => Promise<T>): Promise<T> {
    setBusy((b) => new Set([...b, id]));
    try {
      return await work();
    } finally {
      setBusy((b) => new Set([...b].filter((x) => x !== id)));
      await queryClient.invalidateQueries({ queryKey: calls.keys.all });
    }
  }

  async function deleted(id: number) {
    // Its page and log are gone for good: dropped, not fetched again (that would answer 404 while the page leaves).
    queryClient.removeQueries({ queryKey: calls.keys.one(id) });
    queryClient.removeQueries({ queryKey: calls.keys.logs(id) });
    await queryClient.invalidateQueries({ queryKey: calls.keys.all });
  }

  return {
    busy,
    checkNow: (m) =>
      withBusy(m.id, async () => {
        try {
          toastInfo(checkedText(nameOf(m), await calls.scan(m.id)));
        } catch (failure) {
          toastFailure(failure, `${nameOf(m)} could not be checked.`);
        }
      }),
    setActive: (m, active) =>
      withBusy(m.id, async () => {
        try {
          await calls.patch(m.id, { active });
          toastSuccess(messages.updated);
        } catch (failure) {
          toastFailure(failure, messages.updateFailed);
        }
      }),
    remove: async (m) => {
      try {
        await calls.remove(m.id);
      } catch (failure) {
        toastFailure(failure, messages.deleteFailed);
        return false;
      }
      toastSuccess(messages.deleted);
      await deleted(m.id);
      return true;
    },
  };
}
