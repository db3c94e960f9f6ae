import { createRoot } from 'react-dom/client';
import { WifiLoginPage } from './WifiLoginPage';
// The console's base look (colours, font, buttons, spinner): the public pages' styles are written against it.
import '../styles/index.css';
// Chinese where the phone has no Chinese font of its own.
import '../styles/cjkFont';

// The guest page's own entry (wifilogin.html): none of the console's shell, store or router comes with it.
createRoot(document.getElementById('root')!).render(<WifiLoginPage />);
