import { mountApp } from '../shared/layout/mount-app.tsx';
import { TransportApp } from './transport-app.tsx';
import '../shared/styles/base.css';
import '../shared/styles/layout.css';
import '../shared/styles/forms.css';
import '../shared/styles/components.css';
import './transport.css';

mountApp('Switchyard Transport', <TransportApp />);
