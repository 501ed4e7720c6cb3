import { Outlet } from 'react-router-dom';
import { ToastProvider } from '../feedback/toast-provider';
import { FluentScope } from './fluent-scope';

/**
 * Fluent's context and toasts for every screen except the careers home page, which shows none. Loaded with the first
 * screen that needs it, so notistack stays out of the home page's download. Toasts survive
 * navigation between the screens under one scope (register to login, apply to success).
 */
export function FeedbackScope() {
  return (
    <FluentScope>
      <ToastProvider>
        <Outlet />
      </ToastProvider>
    </FluentScope>
  );
}
