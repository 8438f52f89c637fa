// The submit plumbing every Mantine form repeats: busy while saving, the message shown above the form, the form element
// (for focus), and on failure the server's field errors put on the fields, the rest shown (and toasted), focus moved to
// the first error. The form keeps its own save: the call, its success toasts, the queries it invalidates, onDone.
import { useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { toastFailure } from '../toasts.tsx';
import { focusFirstError } from './focus.ts';
import { applyServerErrors, type ErrorFields } from './server-errors.ts';

export interface FormSubmitOptions {
  /** The form fields that receive the server's field errors (see applyServerErrors). */
  fields: ErrorFields;
  /** The message when the server gives none, e.g. 'Cannot save the tag.'. */
  failed: string;
  /** Also shows the message as an error toast (default true); forms that only show it above themselves pass false. */
  toast?: boolean;
  /** Leaves busy on after a successful save, for forms that navigate or hand over on success. */
  keepBusyOnSuccess?: boolean;
  /**
   * Sees a failure first; returns true when it dealt with it itself (no field errors, message or toast from here).
   * Focus still moves to the first error either way.
   */
  onFailure?(failure: unknown): boolean;
}

export interface FormSubmit {
  busy: boolean;
  /** The message for <FormError>; null when there is none. */
  error: string | null;
  setError(message: string | null): void;
  /** The ref for the <form> element. */
  container: RefObject<HTMLFormElement | null>;
  /** The <form>'s onSubmit: validates (focusing the first invalid field when that fails), then saves. */
  onSubmit(event?: SyntheticEvent<HTMLFormElement>): void;
}

export function useFormSubmit<Values>(
  form: UseFormReturnType<Values>,
  save: (values: Values) => Promise<void>,
  { fields, failed, toast = true, keepBusyOnSuccess = false, onFailure }: FormSubmitOptions,
): FormSubmit {
  const container = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: Values) {
    setError(null);
    setBusy(true);
    let saved = false;
    try {
      await save(values);
      saved = true;
    } catch (failure) {
      if (!onFailure?.(failure)) {
        const message = applyServerErrors(form, failure, fields, failed);
        setError(message);
        if (toast) toastFailure(failure, message ?? failed);
      }
      focusFirstError(container.current);
    } finally {
      if (!saved || !keepBusyOnSuccess) setBusy(false);
    }
  }

  return {
    busy,
    error,
    setError,
    container,
    onSubmit: form.onSubmit(submit, () => focusFirstError(container.current)),
  };
}
