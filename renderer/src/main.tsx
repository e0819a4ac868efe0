import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectBridge } from './bridge';
import { App } from './app/App';
import './styles.css';
import { startDisplay } from './components/display-store';

// The theme and density before anything is drawn.
startDisplay();

const root = createRoot(document.getElementById('root')!);

connectBridge()
  .then(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((err: unknown) => {
    root.render(
      <div className="fatal" role="alert">
        <h1>Vaultdesk could not start</h1>
        <p>{err instanceof Error ? err.message : String(err)}</p>
      </div>,
    );
  });
