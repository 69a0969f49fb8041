import { createBrowserRouter } from 'react-router';
import { GuestOnly } from './guest-only';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from '../components/not-found-page';
import { PageLoading } from './page-loading';
import { pages } from './pages';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { joinStaffArea, PAGES_ROUTE_ID } from './staff-area';

export const router = createBrowserRouter(
  [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          id: PAGES_ROUTE_ID,
          // A page that crashes or does not load shows its error between the header and the footer.
          errorElement: <RouteError />,
          // The header and footer show at once on the first visit; the page fills in when its code arrives.
          hydrateFallbackElement: <PageLoading />,
          children: [
            { index: true, lazy: lazyPage(pages.home, (module) => module.HomePage) },
            { path: pages.category.path, lazy: lazyPage(pages.category, (module) => module.CategoryPage) },
            { path: pages.listing.path, lazy: lazyPage(pages.listing, (module) => module.ListingPage) },
            { path: pages.seller.path, lazy: lazyPage(pages.seller, (module) => module.SellerPage) },
            { path: pages.search.path, lazy: lazyPage(pages.search, (module) => module.SearchPage) },
            {
              path: pages.forgotPassword.path,
              lazy: lazyPage(pages.forgotPassword, (module) => module.ForgotPasswordPage),
            },
            {
              // Not for visitors only: a link from an e-mail may open in a browser signed in as anyone.
              path: pages.resetPassword.path,
              lazy: lazyPage(pages.resetPassword, (module) => module.ResetPasswordPage),
            },
            {
              // Whoever's browser opens the e-mailed link, signed in or not, proves the address.
              path: pages.verifyEmail.path,
              lazy: lazyPage(pages.verifyEmail, (module) => module.VerifyEmailPage),
            },
            {
              // Signed in only, but the page checks that itself: deleting the account signs it out mid-way.
              path: pages.deleteAccount.path,
              lazy: lazyPage(pages.deleteAccount, (module) => module.DeleteAccountPage),
            },
            // Visitors and users alike write to the team; a visitor reads their ticket by its signed link.
            { path: pages.support.path, lazy: lazyPage(pages.support, (module) => module.SupportPage) },
            {
              path: pages.visitorTicket.path,
              lazy: lazyPage(pages.visitorTicket, (module) => module.VisitorTicketPage),
            },
            // The help centre and the pages staff write, for everyone.
            { path: pages.help.path, lazy: lazyPage(pages.help, (module) => module.HelpPage) },
            {
              path: pages.helpQuestion.path,
              lazy: lazyPage(pages.helpQuestion, (module) => module.HelpQuestionPage),
            },
            { path: pages.newsletter.path, lazy: lazyPage(pages.newsletter, (module) => module.NewsletterPage) },
            {
              path: pages.newsletterIssue.path,
              lazy: lazyPage(pages.newsletterIssue, (module) => module.NewsletterIssuePage),
            },
            ...(['safety', 'terms', 'privacy', 'about'] as const).map((page) => ({
              path: pages[page].path,
              lazy: lazyPage(pages[page], (module) => module.ContentPage),
            })),
            {
              element: <GuestOnly />,
              children: [
                { path: pages.login.path, lazy: lazyPage(pages.login, (module) => module.LoginPage) },
                { path: pages.register.path, lazy: lazyPage(pages.register, (module) => module.RegisterPage) },
              ],
            },
            {
              // Pages for signed-in users only go here.
              element: <RequireAuth />,
              children: [
                { path: pages.profile.path, lazy: lazyPage(pages.profile, (module) => module.ProfilePage) },
                { path: pages.sell.path, lazy: lazyPage(pages.sell, (module) => module.SellPage) },
                { path: pages.editListing.path, lazy: lazyPage(pages.editListing, (module) => module.SellPage) },
                { path: pages.myListings.path, lazy: lazyPage(pages.myListings, (module) => module.MyListingsPage) },
                {
                  path: pages.myListingsHistory.path,
                  lazy: lazyPage(pages.myListingsHistory, (module) => module.ListingsHistoryPage),
                },
                {
                  path: pages.notifications.path,
                  lazy: lazyPage(pages.notifications, (module) => module.NotificationsPage),
                },
                {
                  path: pages.notificationSettings.path,
                  lazy: lazyPage(pages.notificationSettings, (module) => module.NotificationSettingsPage),
                },
                {
                  path: pages.favourites.path,
                  lazy: lazyPage(pages.favourites, (module) => module.FavouritesPage),
                },
                {
                  path: pages.savedSearches.path,
                  lazy: lazyPage(pages.savedSearches, (module) => module.SavedSearchesPage),
                },
                { path: pages.password.path, lazy: lazyPage(pages.password, (module) => module.PasswordPage) },
                { path: pages.messages.path, lazy: lazyPage(pages.messages, (module) => module.MessagesPage) },
                {
                  path: pages.conversation.path,
                  lazy: lazyPage(pages.conversation, (module) => module.MessagesPage),
                },
                {
                  path: pages.blockedUsers.path,
                  lazy: lazyPage(pages.blockedUsers, (module) => module.BlockedUsersPage),
                },
                {
                  path: pages.myPurchases.path,
                  lazy: lazyPage(pages.myPurchases, (module) => module.MyPurchasesPage),
                },
                { path: pages.mySales.path, lazy: lazyPage(pages.mySales, (module) => module.MySalesPage) },
                {
                  path: pages.ordersHistory.path,
                  lazy: lazyPage(pages.ordersHistory, (module) => module.OrdersHistoryPage),
                },
                { path: pages.order.path, lazy: lazyPage(pages.order, (module) => module.OrderPage) },
                { path: pages.mySupport.path, lazy: lazyPage(pages.mySupport, (module) => module.MySupportPage) },
                {
                  path: pages.supportTicket.path,
                  lazy: lazyPage(pages.supportTicket, (module) => module.SupportTicketPage),
                },
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ],
  { patchRoutesOnNavigation: joinStaffArea },
);
