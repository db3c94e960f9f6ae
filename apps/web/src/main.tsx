import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startLanguageLoaded } from './locales';
import './styles/index.css';
import './styles/cjkFont';
import { App } from './App';

const root = document.getElementById('root');
if (root) {
  void startLanguageLoaded.then(() => createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ));
}
