// Entry point: styles, client wiring, chunk-failure recovery, and the React root.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './start/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './start/App.tsx';
import { wireClient } from './start/wire-client.ts';
import { watchPreloadErrors } from './app/chunks.ts';

watchPreloadErrors();
wireClient();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
