/** The cache tag of the applications list, shared by the visitor's submit and the admin screens. */
export const APPLICATION_LIST_TAG = { type: 'Application', id: 'LIST' } as const;
