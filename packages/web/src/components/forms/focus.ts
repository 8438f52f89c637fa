// Moves keyboard focus to the first invalid input (or the error message) of a form once errors are on screen.

/** Focuses the first `aria-invalid` field inside `container`, else its `role="alert"` message; after the next paint. */
export function focusFirstError(container: HTMLElement | null): void {
  requestAnimationFrame(() => {
    if (!container) return;
    const field = container.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    if (field) {
      field.focus();
      return;
    }
    const alert = container.querySelector<HTMLElement>('[role="alert"]');
    if (alert) {
      if (!alert.hasAttribute('tabindex')) alert.setAttribute('tabindex', '-1');
      alert.focus();
    }
  });
}
