import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../query/query-client.ts';
import { setProductName } from './use-document-title.ts';

/** Renders an app into its page's #root with the page's query cache; `productName` ends every page title. */
export const mountApp = (productName: string, app: ReactNode): void => {
  setProductName(productName);
  const container = document.getElementById('root');
  if (!container) {
    throw new Error('the page has no #root element');
  }
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>{app}</QueryClientProvider>
    </StrictMode>,
  );
};
