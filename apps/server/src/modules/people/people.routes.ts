/**
 * The SWM people module (issue 7): staff, vehicle allocation (with driver changes and driver performance) and
 * attendance. One server module, three route files, each bound to its own permission module.
 */
import type { ApiModule } from '../../http/types.ts';
import { registerAttendanceRoutes } from './attendance.routes.ts';
import { registerStaffRoutes } from './staff.routes.ts';
import { registerVehicleAllocationRoutes } from './vehicle-allocation.routes.ts';

export const peopleModule: ApiModule = {
  name: 'people',
  register(app, deps) {
    registerStaffRoutes(app, deps);
    registerVehicleAllocationRoutes(app, deps);
    registerAttendanceRoutes(app, deps);
  },
};
