// Every route of spec 1 section 2.1-2.2. Page modules are lazy so a visitor
// downloads only what the page they open needs.
import { lazy, Suspense, type ReactNode } from 'react'
import { createBrowserRouter, Navigate, Outlet } from 'react-router'
import NotFound from '../components/NotFound'
// The landing page and its frame are the front door: they ship in the main
// bundle so the first visit paints without waiting for more chunks.
import PublicLayout from '../features/public/routes/PublicLayout'
import LandingPage from '../features/public/routes/LandingPage'
import { BySession, PageLoading, RequireAdmin, RequireAuth, RequireLandlord, SessionLayout, SignedOutOnly } from './guards'
import { warm } from '../lib/warm'
import { postURL, postsURL } from '../features/blog/api/keys'
import { newsURL, parseNewsView } from '../features/news/api/keys'

const ErrorScreen = lazy(() => import('./ErrorScreen'))
const AboutPage = lazy(() => import('../features/public/routes/AboutPage'))
const CheckFailedPage = lazy(() => import('../features/public/routes/CheckFailedPage'))
const PrivacyPolicyPage = lazy(() => import('../features/legal/routes/PrivacyPolicyPage'))
const TermsOfServicePage = lazy(() => import('../features/legal/routes/TermsOfServicePage'))
// The blog and the news ask for their data while their code downloads (lib/warm.ts).
const BlogListPage = lazy(() => {
  warm(postsURL)
  return import('../features/blog/routes/BlogListPage')
})
const BlogPostPage = lazy(() => {
  const slug = /^\/Blog\/([^/]+)$/.exec(window.location.pathname)?.[1]
  if (slug) warm(postURL(decodeURIComponent(slug)))
  return import('../features/blog/routes/BlogPostPage')
})
const NewsPage = lazy(() => {
  if (window.location.pathname === '/omninews') warm(newsURL(parseNewsView(new URLSearchParams(window.location.search).get('view'))))
  return import('../features/news/routes/NewsPage')
})
const ListingSearchPage = lazy(() => import('../features/listing/routes/ListingSearchPage'))
const ListingDetailPage = lazy(() => import('../features/listing/routes/ListingDetailPage'))
const LoginPage = lazy(() => import('../features/auth/routes/LoginPage'))
const RegisterPage = lazy(() => import('../features/auth/routes/RegisterPage'))
const ForgotPasswordPage = lazy(() => import('../features/auth/routes/ForgotPasswordPage'))
const DashboardPage = lazy(() => import('../features/dashboard/routes/DashboardPage'))
const ProfilePage = lazy(() => import('../features/account/routes/ProfilePage'))
const AdminPage = lazy(() => import('../features/admin/routes/AdminPage'))
const RenterCheckPage = lazy(() => import('../features/refcheck/routes/RenterCheckPage'))
const ReferenceReportPage = lazy(() => import('../features/refcheck/routes/ReportPage'))
const ContractBuilderPage = lazy(() => import('../features/contracts/routes/ContractBuilderPage'))
const InventoryPage = lazy(() => import('../features/inventory/routes/InventoryPage'))
const NewReportPage = lazy(() => import('../features/inventory/routes/NewReportPage'))
const VerifyPage = lazy(() => import('../features/verify/routes/VerifyPage'))
const UnsubscribePage = lazy(() => import('../features/savedsearch/routes/UnsubscribePage'))
const DocumentsPage = lazy(() => import('../features/documents/routes/DocumentsPage'))
const CalendarPage = lazy(() => import('../features/calendar/routes/CalendarPage'))
const CreateEventPage = lazy(() => import('../features/calendar/routes/CreateEventPage'))
const ViewEventPage = lazy(() => import('../features/calendar/routes/ViewEventPage'))
const EditEventPage = lazy(() => import('../features/calendar/routes/EditEventPage'))
const WalletPage = lazy(() => import('../features/wallet/routes/WalletPage'))
const WalletTransactionPage = lazy(() => import('../features/wallet/routes/TransactionPage'))
const WalletFormPage = lazy(() => import('../features/wallet/routes/TransactionFormPage'))
const MaintenancePage = lazy(() => import('../features/maintenance/routes/MaintenancePage'))
const ReportRepairPage = lazy(() => import('../features/maintenance/routes/ReportRepairPage'))
const RepairPage = lazy(() => import('../features/maintenance/routes/RepairPage'))
const NoticesPage = lazy(() => import('../features/notices/routes/NoticesPage'))
const ContractorsPage = lazy(() => import('../features/maintenance/routes/ContractorsPage'))
const JobPage = lazy(() => import('../features/maintenance/routes/JobPage'))
const DepositsPage = lazy(() => import('../features/deposit/routes/DepositsPage'))

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>
}

function Root() {
  return (
    <Lazy>
      <Outlet />
    </Lazy>
  )
}

const dashboard = <BySession signedIn={<DashboardPage />} signedOut={<LoginPage />} />

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: (
      <Lazy>
        <ErrorScreen />
      </Lazy>
    ),
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/about-us', element: <AboutPage /> },
          { path: '/Blog', element: <BlogListPage /> },
          { path: '/Blog/:slug', element: <BlogPostPage /> },
          // The renter's reference-check link: no sign-in (spec 2 section 2).
          { path: '/initiateRefCheck/:renterId/:referenceCheckId', element: <RenterCheckPage /> },
          // Anyone holding a signed document can check it (no sign-in).
          { path: '/verify', element: <VerifyPage /> },
          // A saved search's e-mail: its unsubscribe link works signed out.
          { path: '/saved-searches/unsubscribe', element: <UnsubscribePage /> },
          // A contractor's job link (issue 44): one job, no account.
          { path: '/job/:token', element: <JobPage /> },
        ],
      },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/terms-of-service', element: <TermsOfServicePage /> },
      { path: '/checkFailed', element: <CheckFailedPage /> },
      {
        element: <SessionLayout />,
        children: [
          { path: '/dashboard', element: dashboard },
          { path: '/checkSuccessful', element: dashboard },
          { path: '/login', element: <Navigate to="/dashboard" replace /> },
          {
            element: <SignedOutOnly />,
            children: [
              { path: '/register', element: <RegisterPage /> },
              { path: '/resetpassword', element: <ForgotPasswordPage /> },
            ],
          },
          // One page for both: the shell frames it when signed in, the public frame
          // (with its login bar) when not.
          { path: '/omninews', element: <NewsPage /> },
          { path: '/listing', element: <ListingSearchPage /> },
          { path: '/DetailPage', element: <ListingDetailPage /> },
          { path: '/DetailPage/:id', element: <ListingDetailPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: '/contract-builder', element: <ContractBuilderPage /> },
              { path: '/inventory', element: <InventoryPage /> },
              { path: '/NewReport', element: <NewReportPage /> },
              {
                // The wallet is for landlords (spec 3 section 6); the server refuses everyone else too.
                element: <RequireLandlord />,
                children: [
                  { path: '/wallet', element: <WalletPage /> },
                  { path: '/wallet/:view', element: <WalletPage /> },
                  { path: '/wallet/add/:kind', element: <WalletFormPage /> },
                  { path: '/wallet/t/:id', element: <WalletTransactionPage /> },
                  { path: '/wallet/t/:id/edit', element: <WalletFormPage /> },
                  // The documents area is a landlord's (certificates per property); a tenant's papers are on their home.
                  { path: '/documents/:view', element: <DocumentsPage /> },
                  // A landlord's contractors (issue 44).
                  { path: '/maintenance/contractors', element: <ContractorsPage /> },
                ],
              },
              // Repairs (issue 44): a tenant's for their home, a landlord's across their properties.
              { path: '/maintenance', element: <MaintenancePage /> },
              { path: '/maintenance/report', element: <ReportRepairPage /> },
              { path: '/maintenance/:id', element: <RepairPage /> },
              // Rent increases and the tenant's notice (issue 45): both sides of a signed agreement.
              { path: '/notices', element: <NoticesPage /> },
              // The deposit's protection (issue 45): both sides of a signed agreement.
              { path: '/deposits', element: <DepositsPage /> },
              { path: '/calendar', element: <CalendarPage /> },
              { path: '/calendar/create', element: <CreateEventPage /> },
              { path: '/calendar/view/:id', element: <ViewEventPage /> },
              { path: '/calendar/edit/:id', element: <EditEventPage /> },
              { path: '/profile/:view', element: <ProfilePage /> },
              // One order's VAT receipt; the receipt e-mail links here.
              { path: '/profile/orders/:number', element: <ProfilePage /> },
              // A renter's finished report; the report e-mail links here.
              { path: '/reports/:checkId/:renterId', element: <ReferenceReportPage /> },
            ],
          },
          { element: <RequireAdmin />, children: [{ path: '/admin', element: <AdminPage /> }] },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
])
