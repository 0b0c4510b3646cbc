import { useCallback, useEffect, useState } from 'react';
import { readAppError, type AppErrorInfo } from '../api/read-app-error.ts';

export type RemoteState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: AppErrorInfo }
  | { status: 'ready'; data: T };

/**
 * Loads data when its inputs change and on demand. A reload keeps showing the previous data, so
 * pages do not flash back to a spinner after every change.
 */
export const useRemote = <T,>(load: () => Promise<T>, inputs: readonly unknown[]) => {
  const [state, setState] = useState<RemoteState<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    load().then(
      (data) => isCurrent && setState({ status: 'ready', data }),
      (error: unknown) => isCurrent && setState({ status: 'error', error: readAppError(error) }),
    );

    return () => {
      isCurrent = false;
    };
    // The caller names the inputs; `load` is a fresh closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...inputs, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);

  return { state, reload, setData: (data: T) => setState({ status: 'ready', data }) };
};
