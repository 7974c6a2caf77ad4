/** The signed-in session of the operations tests: the demo municipality's administrator at the dump-yard desk. */
export const ORG = { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' };
export const operator = {
  roleName: 'ADMIN',
  permissions: ['dump-yard', 'dump-yard:add-dump-yard-entry', 'geofence'],
  user: { organisation: ORG },
};

/** The first screen of a test file loads the route's lazy chunks: on a busy machine that takes longer than findBy's default. */
export const FIRST_RENDER = { timeout: 15_000 };
