import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { APPLY_YEAR } from '@puja/domain';

// Scaffold: the club screens arrive with their own issue.
function App() {
  return (
    <main>
      <h1>Apply for NOC Durga puja {APPLY_YEAR}</h1>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
