import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmDialog } from '../confirm-dialog';

/**
 * Keeps a user from losing unsaved edits: leaving the page inside the app asks first (react-router's blocker),
 * closing or reloading the tab gets the browser's own warning (beforeunload). Staying on the same path (a tab
 * switch in the query string) is not leaving.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const { t } = useTranslation('resource');
  const allowed = useRef(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (allowed.current || !dirtyRef.current) return false;
      return currentLocation.pathname !== nextLocation.pathname;
    },
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (allowed.current) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  /** Lets the next navigation through: call it right before navigating away after a successful save. */
  const allowNext = useCallback(() => {
    allowed.current = true;
  }, []);

  /** Turns the guard back on (a save that navigated nowhere, or a new round of edits). */
  const rearm = useCallback(() => {
    allowed.current = false;
  }, []);

  const dialog = (
    <ConfirmDialog
      show={blocker.state === 'blocked'}
      title={t('form.leaveTitle')}
      confirmLabel={t('form.leave')}
      cancelLabel={t('form.stay')}
      variant="danger"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('form.leaveText')}
    </ConfirmDialog>
  );

  return { allowNext, rearm, dialog, blocked: blocker.state === 'blocked' };
}
