/**
 * The icons the product uses, each imported from its own module. Importing the
 * package's index loads all of its ~2,000 icons wherever modules are not
 * bundled (the dev server, the server-rendering Worker under test); one module
 * per icon loads only these. Add an icon here before using it; the lint rule
 * no-restricted-imports keeps the package index out of the rest of the code.
 */
export type { LucideIcon } from "lucide-react";
export { default as AlarmClock } from "lucide-react/icons/alarm-clock";
export { default as ArrowDown } from "lucide-react/icons/arrow-down";
export { default as ArrowRight } from "lucide-react/icons/arrow-right";
export { default as ArrowUp } from "lucide-react/icons/arrow-up";
export { default as ArrowUpDown } from "lucide-react/icons/arrow-up-down";
export { default as BarChart3 } from "lucide-react/icons/chart-column";
export { default as BookOpen } from "lucide-react/icons/book-open";
export { default as BookmarkPlus } from "lucide-react/icons/bookmark-plus";
export { default as Bot } from "lucide-react/icons/bot";
export { default as Briefcase } from "lucide-react/icons/briefcase";
export { default as Building2 } from "lucide-react/icons/building-complex";
export { default as CalendarCheck } from "lucide-react/icons/calendar-check";
export { default as CalendarDays } from "lucide-react/icons/calendar-days";
export { default as CalendarPlus } from "lucide-react/icons/calendar-plus";
export { default as Check } from "lucide-react/icons/check";
export { default as ChevronDown } from "lucide-react/icons/chevron-down";
export { default as ChevronLeft } from "lucide-react/icons/chevron-left";
export { default as ChevronRight } from "lucide-react/icons/chevron-right";
export { default as ChevronsUpDown } from "lucide-react/icons/chevrons-up-down";
export { default as CircleAlert } from "lucide-react/icons/circle-exclamation-point";
export { default as CircleCheck } from "lucide-react/icons/circle-check";
export { default as ClipboardCheck } from "lucide-react/icons/clipboard-check";
export { default as Clock } from "lucide-react/icons/clock";
export { default as Columns3 } from "lucide-react/icons/columns-3";
export { default as Copy } from "lucide-react/icons/copy";
export { default as CreditCard } from "lucide-react/icons/credit-card";
export { default as Download } from "lucide-react/icons/download";
export { default as ExternalLink } from "lucide-react/icons/external-link";
export { default as FileIcon } from "lucide-react/icons/file";
export { default as Globe } from "lucide-react/icons/globe";
export { default as GraduationCap } from "lucide-react/icons/graduation-cap";
export { default as GripVertical } from "lucide-react/icons/grip-vertical";
export { default as House } from "lucide-react/icons/house";
export { default as ImageIcon } from "lucide-react/icons/image";
export { default as Inbox } from "lucide-react/icons/inbox";
export { default as Languages } from "lucide-react/icons/languages";
export { default as LayoutTemplate } from "lucide-react/icons/layout-template";
export { default as Library } from "lucide-react/icons/library";
export { default as LifeBuoy } from "lucide-react/icons/life-buoy";
export { default as Link2 } from "lucide-react/icons/link-2";
export { default as LogOut } from "lucide-react/icons/log-out";
export { default as Mail } from "lucide-react/icons/mail";
export { default as Menu } from "lucide-react/icons/menu";
export { default as MessageCircleQuestion } from "lucide-react/icons/message-circle-question-mark";
export { default as MonitorPlay } from "lucide-react/icons/monitor-play";
export { default as Moon } from "lucide-react/icons/moon";
export { default as MoreHorizontal } from "lucide-react/icons/ellipsis";
export { default as Palette } from "lucide-react/icons/palette";
export { default as PanelLeftClose } from "lucide-react/icons/panel-left-close";
export { default as PanelLeftOpen } from "lucide-react/icons/panel-left-open";
export { default as Paperclip } from "lucide-react/icons/paperclip";
export { default as Pencil } from "lucide-react/icons/pencil";
export { default as PlayCircle } from "lucide-react/icons/circle-play";
export { default as Plus } from "lucide-react/icons/plus";
export { default as Radio } from "lucide-react/icons/radio";
export { default as RefreshCw } from "lucide-react/icons/refresh-cw";
export { default as Search } from "lucide-react/icons/search";
export { default as Settings } from "lucide-react/icons/settings";
export { default as Shield } from "lucide-react/icons/shield";
export { default as Sparkles } from "lucide-react/icons/sparkles";
export { default as Star } from "lucide-react/icons/star";
export { default as Sun } from "lucide-react/icons/sun";
export { default as Tags } from "lucide-react/icons/tags";
export { default as Target } from "lucide-react/icons/target";
export { default as Trash2 } from "lucide-react/icons/trash";
export { default as TriangleAlert } from "lucide-react/icons/triangle-exclamation-point";
export { default as Upload } from "lucide-react/icons/upload";
export { default as UserCog } from "lucide-react/icons/user-cog";
export { default as UserPlus } from "lucide-react/icons/user-plus";
export { default as Users } from "lucide-react/icons/users";
export { default as X } from "lucide-react/icons/x";
