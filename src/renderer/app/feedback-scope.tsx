import { Outlet } from 'react-router-dom';
import { ArrivalToastListener } from '../feedback/arrival-toast';
import { ToastProvider } from '../feedback/toast-provider';
import { FluentScope } from '../components/fluent-scope';

/**
 * Fluent's context and toasts for every screen except the careers home page, which shows none. Loaded with the first
 * screen that needs it, so notistack stays out of the home page's download. Toasts survive
 * navigation between the screens under one scope (register to login, apply to success); a toast
 * that must cross scopes travels in the navigation state (arrival-toast.tsx).
 */
export function FeedbackScope() {
  return (
    <FluentScope>
      <ToastProvider>
        <ArrivalToastListener />
        <Outlet />
      </ToastProvider>
    </FluentScope>
  );
}
