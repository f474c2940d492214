export { AdminPage as Component } from '../../features/admin/components/admin-page';
