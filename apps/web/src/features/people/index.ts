/** SWM people (issue 7): staff, the attendance day board, vehicle allocation and driver changes. */
export { StaffListPage } from './StaffListPage';
export { StaffFormPage } from './StaffFormPage';
export { AttendancePage } from './AttendancePage';
export { VehicleAllocationPage } from './VehicleAllocationPage';
export { AllocationFormPage } from './AllocationFormPage';
