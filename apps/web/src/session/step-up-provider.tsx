/**
 * Mounts the step-up confirmation once for the signed-in console (inside SessionProvider): installs the prompt that
 * api/client.ts calls when a high-value call answers STEP_UP_MESSAGES.required, and shows the dialog for it. The
 * dialog's code is loaded on first use, so the sign-in route does not carry it.
 */
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { setStepUpPrompt, type StepUpRequest } from '@/api/client';

const StepUpDialog = lazy(() => import('./step-up-dialog').then((m) => ({ default: m.StepUpDialog })));

interface StepUpProviderProps {
  /** Only a signed-in session can step up; otherwise a step-up 403 rejects like any other error. */
  isActive: boolean;
  children: ReactNode;
}

export function StepUpProvider({ isActive, children }: StepUpProviderProps) {
  const [request, setRequest] = useState<StepUpRequest | null>(null);
  // The waiting call's resolver; a ref so that answering it never depends on a render.
  const resolveRef = useRef<((confirmed: boolean) => void) | null>(null);

  const finish = useCallback((confirmed: boolean) => {
    resolveRef.current?.(confirmed);
    resolveRef.current = null;
    setRequest(null);
  }, []);

  useEffect(() => {
    if (!isActive) return;
    const uninstall = setStepUpPrompt(
      (next) =>
        new Promise<boolean>((resolve) => {
          resolveRef.current = resolve;
          setRequest(next);
        }),
    );
    // Signed out (or unmounted) while the dialog is open: the waiting calls fail with their 403.
    return () => {
      uninstall();
      finish(false);
    };
  }, [isActive, finish]);

  return (
    <>
      {children}
      {request !== null && (
        <Suspense fallback={null}>
          <StepUpDialog needsCode={request.needsCode} onDone={finish} />
        </Suspense>
      )}
    </>
  );
}
