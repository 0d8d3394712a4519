import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { messages } from '@puja/domain';

// Scaffold: the staff screens arrive with their own issue.
function App() {
  return (
    <main>
      <h1>{messages.en['officialLogin.title']}</h1>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
