import type { ReactNode } from 'react';
import type { RemoteState } from '../remote/use-remote.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { LoadingBlock } from './loading-block.tsx';

type RemoteViewProps<T> = { state: RemoteState<T>; loadingLabel?: string; children: (data: T) => ReactNode };

export const RemoteView = <T,>({ state, loadingLabel, children }: RemoteViewProps<T>) => {
  if (state.status === 'loading') {
    return <LoadingBlock label={loadingLabel} />;
  }
  if (state.status === 'error') {
    return <FormAlert title="This page could not be loaded">{state.error.message}</FormAlert>;
  }

  return <>{children(state.data)}</>;
};
