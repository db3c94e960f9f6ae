import { BrowserRouter } from 'react-router';
import { DomainBranding } from './components/DomainBranding';
import { FeedbackHost } from './components/FeedbackHost';
import { LoadingOverlay } from './components/LoadingOverlay';
import { RootErrorBoundary } from './components/RootErrorBoundary';
import { AppRoutes } from './router';

/**
 * The root: router, toasts, loading overlay, branding. No antd here: antd's provider is mounted by the screens that
 * use it, so the login page stays small. The theme reaches plain CSS through `<html data-theme>` (store/app.ts).
 */
export function App() {
  return (
    <div className="gx-app">
      <RootErrorBoundary>
        <FeedbackHost />
        <DomainBranding />
        <LoadingOverlay />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </RootErrorBoundary>
    </div>
  );
}
