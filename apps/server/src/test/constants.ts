export const TEST_ADMIN_PASSWORD = 'Admin-1234';
