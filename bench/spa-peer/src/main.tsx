// The peer: everything is rendered in the browser after the API answers (the seed's way).
import '@fontsource-variable/inter';
import '../../../site/styles/global.css';
import './peer.css';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

createRoot(document.getElementById('root')!).render(<App />);
