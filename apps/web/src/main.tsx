// First, before any other module runs: the sign-in token must leave the address bar at once.
import './claims/portal/session/capture-sign-in-token.ts';
import './claims/staff/session/capture-staff-sign-in-token.ts';
import { App } from './app/app.tsx';
import { mountApp } from './shared/layout/mount-app.tsx';
import './shared/styles/base.css';
import './shared/styles/layout.css';
import './shared/styles/forms.css';
import './shared/styles/components.css';
import './claims/claims.css';

mountApp('Switchyard Claims', <App />);
