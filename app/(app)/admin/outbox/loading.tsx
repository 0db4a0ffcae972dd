// Route-level pending state; the fallback is shared by the data-heavy screens.
export { RouteLoading as default } from '@/components/shell/route-loading';
