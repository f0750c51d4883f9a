/**
 * The operator's console (ops.html): a build of its own (vite.config.ts), with its own stylesheet
 * and language files, so that none of it is in the users' pages and none of their screens in it.
 */
import './ops.css';
import './ops-forms.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { OpsApp } from './App.tsx';
import { ProblemsProvider } from './components/Problems.tsx';
import { I18nProvider } from './i18n/i18n.tsx';

const root = document.getElementById('ops-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <I18nProvider>
        <ProblemsProvider>
          <OpsApp />
        </ProblemsProvider>
      </I18nProvider>
    </StrictMode>,
  );
}
