/** The people screens (app/main-routes.ts generates them from the SWM modules). */
export const STAFF_PATH = '/swm/staff';
export const ATTENDANCE_PATH = '/swm/attendance';
export const ALLOCATION_PATH = '/swm/vehicle-allocation';
