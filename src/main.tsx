import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { configureApi } from './lib/api.ts';
import { initI18n } from './lib/i18n.ts';
import './styles.css';

const i18n = await initI18n();
configureApi({ message: (key) => i18n.t(`messages.${key}`) });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
