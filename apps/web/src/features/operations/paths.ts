/** The operations screens' paths (main-routes.ts builds them from the swm modules of the permission catalogue). */
export const DUMP_YARD_PATH = '/swm/dump-yard';
export const DUMP_YARD_ADD_PATH = '/swm/dump-yard/add';
export const JOB_RUN_PATH = '/swm/job-run';
export const SCORECARD_PATH = '/swm/scorecard';
export const COMPLAINT_PATH = '/swm/complaint';
