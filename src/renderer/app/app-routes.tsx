import { isValidElement } from 'react';
import { Route, Routes, createRoutesFromElements, matchRoutes, type RouteObject } from 'react-router-dom';
import { CareersHomePage } from '../features/jobs/careers-home-page';
import { PublicLayout } from '../layout/public-layout';
import { lazyScreen, type LazyScreen } from '../lib/lazy-screen';

// The home page is in the first download; every other screen is its own chunk.
const FeedbackScope = lazyScreen(() => import('./feedback-scope'), 'FeedbackScope');
const ApplyPage = lazyScreen(() => import('./pages/apply-page'), 'ApplyPage');
const SuccessPage = lazyScreen(() => import('../features/applications/success-page'), 'SuccessPage');
const LoginPage = lazyScreen(() => import('../features/auth/login-page'), 'LoginPage');
const RegisterPage = lazyScreen(() => import('../features/auth/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyScreen(
  () => import('../features/auth/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyScreen(
  () => import('../features/auth/reset-password-page'),
  'ResetPasswordPage',
);
const AboutPage = lazyScreen(() => import('../features/site/about-page'), 'AboutPage');
const ContactPage = lazyScreen(() => import('../features/site/contact-page'), 'ContactPage');
const PrivacyNoticePage = lazyScreen(() => import('./pages/privacy-notice-page'), 'PrivacyNoticePage');
const MyApplicationPage = lazyScreen(
  () => import('../features/my-application/my-application-page'),
  'MyApplicationPage',
);
const ErrorPage = lazyScreen(() => import('../features/site/error-page'), 'ErrorPage');
const NotFoundPage = lazyScreen(() => import('../features/site/not-found-page'), 'NotFoundPage');

/**
 * Everything under /dashboard lives in this one lazy module with its own guard and layout, so none
 * of it reaches the public bundle. Its unknown paths show the public 404 screen handed in here.
 */
const AdminRoutes = lazyScreen(() => import('./admin-routes'), 'AdminRoutes');

const routes = (
  <>
    <Route element={<PublicLayout />}>
      <Route index element={<CareersHomePage />} />
      <Route element={<FeedbackScope />}>
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password/:token" element={<ResetPasswordPage />} />
        <Route path="success" element={<SuccessPage />} />
        <Route path="apply/:id" element={<ApplyPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="privacy" element={<PrivacyNoticePage />} />
        <Route path="my-application/:token" element={<MyApplicationPage />} />
        <Route path="error" element={<ErrorPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Route>
    <Route element={<FeedbackScope />}>
      <Route
        path="dashboard/*"
        element={
          <AdminRoutes
            notFound={
              <PublicLayout>
                <NotFoundPage />
              </PublicLayout>
            }
          />
        }
      />
    </Route>
  </>
);

export function AppRoutes() {
  return <Routes>{routes}</Routes>;
}

const routeObjects: RouteObject[] = createRoutesFromElements(routes);

/**
 * Fetches the lazy screens the page at `pathname` shows that have not arrived yet (undefined when
 * there are none), so that a page the server prerendered is prerendered whole and hydrated in one
 * pass, never through its loading state (docs/architecture.md#the-web-entry).
 */
export function preloadScreens(pathname: string): Promise<unknown> | undefined {
  const missing = (matchRoutes(routeObjects, pathname) ?? []).flatMap(({ route }) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
    const screen = type as Partial<Pick<LazyScreen<unknown>, 'preload' | 'loaded'>> | undefined;
    return screen?.preload && screen.loaded && !screen.loaded() ? [screen.preload()] : [];
  });
  return missing.length > 0 ? Promise.all(missing) : undefined;
}
