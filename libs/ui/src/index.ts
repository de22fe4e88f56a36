export { Alert, type AlertProps } from './alert/Alert';
export { Badge, type BadgeProps } from './badge/Badge';
export { PriorityBadge, StatusBadge, TicketStatusBadge } from './badge/StatusBadges';
export { orderStatusTone, priorityTone, ticketStatusTone, type BadgeTone } from './badge/tones';
export { Button, type ButtonProps } from './button/Button';
export { ButtonLink, type ButtonLinkProps } from './button/ButtonLink';
export { ExportButton, type ExportButtonProps } from './export-button/ExportButton';
export type { ButtonSize, ButtonVariant } from './button/Button';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog/ConfirmDialog';
export { EmptyState, type EmptyStateProps } from './empty-state/EmptyState';
export { Checkbox, type CheckboxProps } from './form/Checkbox';
export { FormGrid, FormRow } from './form/FormGrid';
export { Select, type SelectOption, type SelectProps } from './form/Select';
export { TextArea, type TextAreaProps } from './form/TextArea';
export { TextField, type TextFieldProps } from './form/TextField';
// Every landing block as visitors see it: a new block's component is exported with the rest.
export * from './content-blocks/Blocks';
export { ContactForm, type ContactFormProps } from './content-blocks/ContactForm';
export { YouTubePlayer, youTubeIdOf } from './content-blocks/YouTubePlayer';
export { formatDate, formatMoney, formatMoneyFixed, formatTaxLine } from './format/format';
export { Icon, isIconName, type IconName } from './icons/Icon';
export { lazyPage } from './lazy-page/lazyPage';
export { loadable, type Loadable } from './lazy-page/loadable';
export { PageRoutes, type PageRoutesProps } from './lazy-page/PageRoutes';
export { Card, type CardProps } from './layout/Card';
export { MAIN_CONTENT_ID } from './layout/mainContent';
export { PageHeader, type PageHeaderProps } from './layout/PageHeader';
export { Modal, type ModalProps } from './modal/Modal';
export { paginate, pageCountOf, pageSummary, type PageSummary } from './pagination/paginate';
export { Pagination, type PaginationProps } from './pagination/Pagination';
export { paginationRange, type PageItem } from './pagination/paginationRange';
export { PricingCard, type PricingCardProps } from './pricing-card/PricingCard';
export { ResponsiveTable, type ResponsiveTableProps } from './responsive-table/ResponsiveTable';
export { MOBILE_QUERY, useMediaQuery } from './responsive-table/useMediaQuery';
export { useHydrated } from './hydration/useHydrated';
export {
  SidebarButton,
  SidebarText,
  type SidebarButtonProps,
  type SidebarTextProps,
} from './sidebar-layout/SidebarEntries';
export {
  SidebarLayout,
  type SidebarLayoutProps,
  type SidebarNavItem,
} from './sidebar-layout/SidebarLayout';
export { PageLoader } from './spinner/PageLoader';
export { Spinner, type SpinnerProps } from './spinner/Spinner';
export type { SpinnerSize } from './spinner/SpinnerIcon';
export { RowActions, type RowActionsProps } from './table/RowActions';
export { sortRows } from './table/sortRows';
export { Table, type TableProps } from './table/Table';
export type { SortDirection, SortValue, TableColumn, TableSort } from './table/types';
export { useSort } from './table/useSort';
export { noTicketFilters, ticketQuery, type TicketFilters } from './support/ticketQuery';
export { TicketDesk, type TicketDeskProps } from './support/TicketDesk';
export { TicketReplyForm, type TicketReplyFormProps } from './support/TicketReplyForm';
export {
  TicketConversation,
  TicketList,
  type TicketConversationProps,
  type TicketListProps,
} from './support/TicketConversation';
export { FooterBlock } from './site/FooterBlock';
export { SITE_NAME, SiteLogo } from './site/SiteLogo';
export { ToastHost } from './toast/ToastHost';
export { toast } from './toast/toast';
export { useNearViewport, type NearViewportOptions } from './viewport/useNearViewport';
export { VisuallyHidden } from './visually-hidden/VisuallyHidden';
