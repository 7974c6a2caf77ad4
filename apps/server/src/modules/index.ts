/**
 * The server modules, each registered under /v1 by buildApi(). Add a module here to mount it
 * (docs/conventions.md "Server layout").
 */
import type { ApiModule } from '../http/types.ts';
import { healthModule } from './health/health.routes.ts';
import { authModule } from './auth/auth.routes.ts';
import { outboxModule } from './outbox/outbox.routes.ts';
import { adminDivisionModule } from './admin-division/admin-division.routes.ts';
import { organisationModule } from './organisation/organisation.routes.ts';
import { portCheckModule } from './port-check/port-check.routes.ts';
import { roleModule } from './role/role.routes.ts';
import { searchModule } from './search/search.routes.ts';
import { userModule } from './user/user.routes.ts';
import { deviceModule } from './device/device.routes.ts';
import { vehicleModule } from './vehicle/vehicle.routes.ts';
import { rawLogModule } from './raw-log/raw-log.routes.ts';
import { commandModule } from './command/command.routes.ts';
import { fileModule } from './file/file.routes.ts';
import { liveModule } from '../live/live.routes.ts';
import { geofenceModule } from './geofence/geofence.routes.ts';
import { poiModule } from './poi/poi.routes.ts';
import { deviceModelModule } from './device-model/device-model.routes.ts';
import { groupModule } from './group/group.routes.ts';
import { rtoModule } from './rto/rto.routes.ts';
import { routeModule } from './route/route.routes.ts';
import { itemModule } from './item/item.routes.ts';
import { jobModule } from './job/job.routes.ts';
import { alertDeskModule } from './alert-desk/alert-desk.routes.ts';
import { geocodeModule } from './geocode/geocode.routes.ts';
import { playbackModule } from './playback/playback.routes.ts';
import { shareModule } from './share/share.routes.ts';
import { fitmentModule } from './fitment/fitment.routes.ts';
import { activationModule } from './activation/activation.routes.ts';
import { certificateModule } from './certificate/certificate.routes.ts';
import { walletModule } from './wallet/wallet.routes.ts';
import { inventoryModule } from './inventory/inventory.routes.ts';
import { simActivationModule } from './sim-activation/sim-activation.routes.ts';
import { operationsModule } from './operations/operations.routes.ts';
import { peopleModule } from './people/people.routes.ts';
import { complaintModule } from './complaint/complaint.routes.ts';
import { dashboardModule } from './dashboard/dashboard.routes.ts';
import { reportModule } from './report/report.routes.ts';
import { forwardingModule } from './forwarding/forwarding.routes.ts';
import { retentionModule } from './retention/retention.routes.ts';
import { deviceNetworkModule } from './organisation/device-network.routes.ts';

export const apiModules: ApiModule[] = [
  healthModule,
  authModule,
  outboxModule,
  organisationModule,
  userModule,
  roleModule,
  adminDivisionModule,
  searchModule,
  portCheckModule,
  deviceModule,
  vehicleModule,
  rawLogModule,
  commandModule,
  fileModule,
  liveModule,
  geofenceModule,
  poiModule,
  deviceModelModule,
  groupModule,
  rtoModule,
  routeModule,
  itemModule,
  jobModule,
  alertDeskModule,
  geocodeModule,
  playbackModule,
  shareModule,
  fitmentModule,
  activationModule,
  certificateModule,
  walletModule,
  inventoryModule,
  simActivationModule,
  operationsModule,
  peopleModule,
  dashboardModule,
  reportModule,
  complaintModule,
  retentionModule,
  deviceNetworkModule,
  forwardingModule,
];
