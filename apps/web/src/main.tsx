// First, before any other module runs: the sign-in token must leave the address bar at once.
import './claims/portal/session/capture-sign-in-token.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './shared/styles/base.css';
import './shared/styles/layout.css';
import './shared/styles/forms.css';
import './shared/styles/components.css';
import './claims/claims.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element');
}
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
