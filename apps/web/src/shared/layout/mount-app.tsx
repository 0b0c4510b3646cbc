import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { setProductName } from './use-document-title.ts';

/** Renders an app into its page's #root; `productName` ends every page title. */
export const mountApp = (productName: string, app: ReactNode): void => {
  setProductName(productName);
  const container = document.getElementById('root');
  if (!container) {
    throw new Error('the page has no #root element');
  }
  createRoot(container).render(<StrictMode>{app}</StrictMode>);
};
