/** The complaint screens' paths (main-routes.ts generates them from the catalogue's `complaint` module). */
const segment = (value: string) => encodeURIComponent(value);

export const complaintPaths = {
  list: '/swm/complaint',
  add: '/swm/complaint/add',
  detail: (id: string) => `/swm/complaint/edit/${segment(id)}`,
} as const;
