/**
 * Typed builders for every console path (spec 01 §2). The route table (app/router.tsx) and links anywhere in the
 * console use these, so a path is spelled once. It lives in lib/ rather than app/ because features link to other
 * screens and may not import the app shell (eslint boundary).
 */
const segment = (value: string | number): string => encodeURIComponent(String(value));

export const paths = {
  home: '/',
  auth: {
    login: '/auth/login',
    forgotPassword: '/auth/forgot-password',
    resetPassword: (otpToken: string) => `/auth/reset-password/${segment(otpToken)}`,
    /** Restricted sessions (server: http/authenticate.ts): the only screen such a session may use. */
    passwordRequired: '/auth/password-required',
    mfaRequired: '/auth/two-step-required',
  },
  public: {
    termsOfUse: '/public/term-of-use',
    privacy: '/public/privacy',
    sharedCollection: (context: string, collectionId: string) =>
      `/public/${segment(context)}/share/${segment(collectionId)}`,
    sharedLiveTracking: '/public/share/live-tracking',
    sharedPlayback: '/public/share/playback',
    portChecker: '/public/port-checker',
  },
  certificate: (id: string) => `/certificate/${segment(id)}`,
  certificateSearch: '/management/certificate',
  status: {
    notFound: '/status',
    serverError: '/status/500',
    maintenance: '/status/maintenance',
    comingSoon: '/status/coming-soon',
  },
  vehicleStatus: '/vehicle-status',
  dashboard: '/dashboard',
  dashboardV2: '/dashboardv2',
  fleetDashboard: '/fleet-dashboard',
  liveTracking: '/view-operations/live-tracking',
  routePlayback: '/view-operations/route-playback',
  fsTracking: '/view-operations/fs-tracking',
  fitment: { list: '/fitment', add: '/fitment/add', edit: (id: string) => `/fitment/edit/${segment(id)}` },
  simActivation: {
    list: '/sim-activation-order',
    add: '/sim-activation-order/add',
    edit: (id: string) => `/sim-activation-order/edit/${segment(id)}`,
  },
  report: (reportId: string) => `/reports/${segment(reportId)}`,
  changePassword: '/change-password',
  accountWallet: '/account/wallet',
  /** The user's own sessions (user menu; ASVS 3.3.4). */
  accountSessions: '/account/sessions',
  /** Two-step verification (TOTP) of the signed-in user (user menu; ASVS 2.3.2, 4.3.1). */
  accountMfa: '/account/two-step',
  /** The user's own profile is the user edit screen (spec 01 §2.3). */
  profile: (userId: string) => `/management/user/edit/${segment(userId)}`,
  management: {
    vehicleEdit: (id: string) => `/management/vehicle/edit/${segment(id)}`,
    userEdit: (id: string) => `/management/user/edit/${segment(id)}`,
    deviceDetails: (searchTerm: string) => `/management/device-details/${segment(searchTerm)}`,
    settings: (organisationId: string) => `/management/settings/${segment(organisationId)}`,
    routeAddKml: '/management/route/add-kml',
  },
} as const;
